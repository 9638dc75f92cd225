import { Badge, Button, makeStyles, Text, Title2, tokens } from "@fluentui/react-components";
import { Calendar16Regular, DocumentText20Regular, People16Regular, PersonAdd20Regular } from "@fluentui/react-icons";
import type { SessionView } from "@pointwise/core/presented";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { ParticipantAvatars } from "./ParticipantAvatars";
import { SessionLeaderMenu } from "./SessionLeaderMenu";
import { SessionSummaryDialog } from "./SessionSummaryDialog";
import type { SessionScreen } from "./useSessionScreen";

// Opens on a click: its code (tabs, the e-mail form) loads then (issue #6 part 4).
const InviteDialog = lazy(() => import("./InviteDialog").then((m) => ({ default: m.InviteDialog })));

const useStyles = makeStyles({
  header: {
    display: "flex",
    alignItems: "flex-start",
    justifyContent: "space-between",
    gap: "16px",
    flexWrap: "wrap",
    padding: "12px 20px",
    "@media (max-width: 767.98px)": { padding: "10px 12px", gap: "8px" },
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  titleBlock: { display: "flex", flexDirection: "column", gap: "6px", minWidth: 0 },
  titleRow: { display: "flex", alignItems: "center", gap: "10px", flexWrap: "wrap", minWidth: 0 },
  title: { overflowWrap: "anywhere", minWidth: 0 },
  meta: { display: "flex", alignItems: "center", gap: "14px", flexWrap: "wrap", color: tokens.colorNeutralForeground3 },
  metaItem: { display: "inline-flex", alignItems: "center", gap: "4px" },
  actions: { display: "flex", alignItems: "center", gap: "8px", flexWrap: "wrap" },
});

/**
 * Session header (spec part 2 section 2): title, created date, participant count, Live badge
 * when the leader is present, project key, Invite, Summary (the Session Summary dialog) and the
 * leader's Edit/Delete menu, avatars.
 */
export function SessionHeader({
  screen,
  session,
  reactions,
}: {
  screen: SessionScreen;
  session: SessionView;
  /** The emoji reaction bar, beside the actions (one row less above the round; issue #22 section 2). */
  reactions?: ReactNode;
}) {
  const styles = useStyles();
  const [inviting, setInviting] = useState(false);
  const [summarizing, setSummarizing] = useState(false);
  // The whole room (a big room's screen holds only some people; issue #24 section 3).
  const count = screen.people.total || session.stats.participantCount;
  return (
    <header className={styles.header}>
      <div className={styles.titleBlock}>
        <div className={styles.titleRow}>
          <Title2 as="h1" className={styles.title} data-testid="session-title">
            {session.title}
          </Title2>
          {screen.presenceKnown && screen.live.presence?.leaderPresent ? (
            <Badge appearance="filled" color="danger" data-testid="live-badge">
              Live
            </Badge>
          ) : null}
          {session.jiraProjectKey ? <Badge appearance="outline">{session.jiraProjectKey}</Badge> : null}
        </div>
        <div className={styles.meta}>
          <Text size={200} className={styles.metaItem}>
            <Calendar16Regular /> Created {new Date(session.createdAt).toLocaleDateString()}
          </Text>
          <Text size={200} className={styles.metaItem}>
            <People16Regular /> <span data-testid="participant-count">{count}</span>{" "}
            {count === 1 ? "participant" : "participants"}
          </Text>
        </div>
      </div>
      <div className={styles.actions}>
        {reactions}
        <ParticipantAvatars
          participants={screen.participants}
          online={screen.presenceKnown ? (screen.live.presence?.online ?? []) : null}
        />
        <Button icon={<PersonAdd20Regular />} onClick={() => setInviting(true)} data-testid="invite-button">
          Invite
        </Button>
        <Button icon={<DocumentText20Regular />} onClick={() => setSummarizing(true)} data-testid="summary-button">
          Summary
        </Button>
        {screen.isLeader ? <SessionLeaderMenu session={session} /> : null}
      </div>
      {inviting ? (
        <Suspense fallback={null}>
          <InviteDialog sessionId={session.id} isLeader={screen.isLeader} open onOpenChange={setInviting} />
        </Suspense>
      ) : null}
      {summarizing ? (
        <SessionSummaryDialog
          sessionId={session.id}
          open
          onOpenChange={setSummarizing}
          jira={screen.isLeader && screen.signedIn ? { session } : undefined}
        />
      ) : null}
    </header>
  );
}
