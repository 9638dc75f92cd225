import { Badge, Button, Card, makeStyles, Spinner, Text, Title2, tokens } from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useSessionSlot } from "../../api/subscriptionQueries";
import { useTeam, useTeamSessions } from "../../api/teamQueries";
import { useLiveTeams } from "../../api/useLiveTeams";
import { EmptyState } from "../common/EmptyState";
import { usePageTitle } from "../common/usePageTitle";
import { NotFoundPage } from "../errors/NotFoundPage";
import { CreateSessionDialog } from "../sessions/CreateSessionDialog";
import { SessionLimitNotice } from "../sessions/SessionLimitNotice";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: "16px" },
  head: { display: "flex", justifyContent: "space-between", alignItems: "center", gap: "8px", flexWrap: "wrap" },
  grid: { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))", gap: "16px" },
  card: { padding: "16px", gap: "8px" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * /teams/{id}/sessions: the team's sessions with Active/Completed badges (spec part 2 section 2);
 * New Team Session opens the create dialog with this team chosen, or shows the session limit when
 * no session can be created (useSessionSlot, issue #22). A signed-in outsider of an open team
 * (`privateTeam` off, `viewerRole` null; issue #22) reads the list without New Team Session and
 * joins a session through its join page, as any share-link visitor; the team is not watched live
 * for them (watch_team is for members). Non-members of a private team get the not-found view.
 */
export function TeamSessionsPage() {
  const styles = useStyles();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const teamQuery = useTeam(id);
  const sessions = useTeamSessions(id);
  const [creating, setCreating] = useState(false);
  const slot = useSessionSlot();
  const team = teamQuery.data;
  const isMember = Boolean(team?.viewerRole);
  useLiveTeams([id], isMember); // edits and removal seen live (issue #11)
  usePageTitle(team ? `${team.name} sessions` : "Team sessions");
  if (teamQuery.isLoading) return <Spinner aria-label="Loading" />;
  if (!team) return <NotFoundPage />; // 403 TEAM_ACCESS_DENIED or 404, as on the settings page
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <Title2 as="h1">{`${team.name} Sessions`}</Title2>
        {!isMember ? null : slot.refusal ? (
          <SessionLimitNotice refusal={slot.refusal} testId="team-session-limit" />
        ) : (
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => setCreating(true)}>
            New Team Session
          </Button>
        )}
      </div>
      {isMember ? null : (
        <Text className={styles.muted} data-testid="team-open-note">
          You are not a member of this team. It is open: join any of its sessions to take part.
        </Text>
      )}
      {sessions.isLoading ? <Spinner aria-label="Loading" /> : null}
      {sessions.data && sessions.data.length === 0 ? (
        <EmptyState title="No sessions yet" message="This team has no sessions yet." />
      ) : null}
      <div className={styles.grid}>
        {(sessions.data ?? []).map((s) => (
          <Card key={s.id} className={styles.card}>
            <Badge appearance="tint" color={s.isActive ? "success" : "subtle"} style={{ alignSelf: "flex-start" }}>
              {s.isActive ? "Active" : "Completed"}
            </Badge>
            <Text weight="semibold">{s.title}</Text>
            <Text className={styles.muted}>{s.description || "No description provided"}</Text>
            <Text size={200}>{new Date(s.createdAt).toLocaleDateString()}</Text>
            {/* An outsider joins first, as any share-link visitor (the join page). */}
            <Button onClick={() => navigate(isMember ? `/session/${s.id}` : `/join/${s.id}`)}>
              {s.isActive ? "Join Session" : "View Results"}
            </Button>
          </Card>
        ))}
      </div>
      {creating ? <CreateSessionDialog open onOpenChange={setCreating} teamId={id} /> : null}
    </div>
  );
}
