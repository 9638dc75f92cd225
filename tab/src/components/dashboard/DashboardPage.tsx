import { Card, makeStyles, Skeleton, SkeletonItem, Text, Title2, Title3, tokens } from "@fluentui/react-components";
import { useState } from "react";
import { useLocation } from "react-router";
import { useCurrentUser } from "../../api/authQueries";
import { useSessions } from "../../api/sessionQueries";
import { useSessionSlot } from "../../api/subscriptionQueries";
import { useTeams } from "../../api/teamQueries";
import { useLiveTeams } from "../../api/useLiveTeams";
import { usePageTitle } from "../common/usePageTitle";
import { CreateSessionDialog } from "../sessions/CreateSessionDialog";
import { CreateSessionButton } from "./CreateSessionButton";
import { EmptySessions } from "./EmptySessions";
import { greetingFor, isFirstVisit } from "./greeting";
import { PlanSummary } from "./PlanSummary";
import { SessionCard } from "./SessionCard";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: "20px" },
  head: { display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: "16px", flexWrap: "wrap" },
  greeting: { display: "flex", flexDirection: "column", gap: "4px" },
  quick: {
    display: "flex",
    flexDirection: "row",
    alignItems: "center",
    justifyContent: "space-between",
    flexWrap: "wrap",
    gap: "12px",
    padding: "16px",
  },
  quickText: { display: "flex", flexDirection: "column", gap: "2px" },
  sectionHead: { display: "flex", justifyContent: "space-between", alignItems: "center" },
  grid: { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(min(280px, 100%), 1fr))", gap: "16px" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * The dashboard at / and /sessions (spec part 1 section 2). Greets "Welcome, X!" right after
 * registration (navigation state `firstVisit` from the register page), else "Welcome back, X!".
 */
export function DashboardPage() {
  const styles = useStyles();
  usePageTitle("Dashboard");
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const sessions = useSessions();
  const slot = useSessionSlot();
  const teams = useTeams(Boolean(user));
  // The user's teams live (issue #11): a removal drops the team and its sessions at once, and a
  // team the user is added to shows with its sessions (watch_my_teams).
  useLiveTeams(
    (teams.data ?? []).map((t) => t.id),
    Boolean(user),
    true,
  );
  const [creating, setCreating] = useState(false);
  if (!user) return <Text>Loading dashboard...</Text>;
  const used = slot.status?.sessionsOwned ?? 0;

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div className={styles.greeting}>
          <Title2 as="h1">{greetingFor(user.firstName, isFirstVisit(location.state))}</Title2>
          <Text className={styles.muted}>Ready to start your next story pointing session?</Text>
        </div>
        <PlanSummary status={slot.status} />
      </div>
      <Card className={styles.quick}>
        <div className={styles.quickText}>
          <Title3 as="h2">Quick Actions</Title3>
          <Text className={styles.muted}>Start a new pointing session for your team.</Text>
        </div>
        <CreateSessionButton
          refusal={slot.refusal}
          appearance="primary"
          label="Create New Session"
          onCreate={() => setCreating(true)}
        />
      </Card>
      <div className={styles.sectionHead}>
        <Title3 as="h2">Your Sessions</Title3>
        <CreateSessionButton
          refusal={slot.refusal}
          label="Create Session"
          onCreate={() => setCreating(true)}
          testId="create-session-button"
        />
      </div>
      {sessions.isLoading ? (
        <div className={styles.grid}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} aria-label="Loading session">
              <SkeletonItem style={{ height: 220 }} />
            </Skeleton>
          ))}
        </div>
      ) : (sessions.data ?? []).length === 0 ? (
        <EmptySessions refusal={slot.refusal} onCreate={() => setCreating(true)} />
      ) : (
        <div className={styles.grid}>
          {(sessions.data ?? []).map((session) => (
            <SessionCard key={session.id} session={session} userId={user.id} used={used} />
          ))}
        </div>
      )}
      {creating ? <CreateSessionDialog open onOpenChange={setCreating} /> : null}
    </div>
  );
}
