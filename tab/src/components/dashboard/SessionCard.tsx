import { Badge, Button, Card, makeStyles, Text, Tooltip, tokens } from "@fluentui/react-components";
import { LockClosed16Regular } from "@fluentui/react-icons";
import { FREE_PLAN_SESSION_LIMIT } from "@pointwise/core/plans";
import type { SessionView } from "@pointwise/core/presented";
import { useNavigate } from "react-router";
import { SessionCardMenu } from "./SessionCardMenu";
import { SessionStatusPill } from "./SessionStatusPill";

const useStyles = makeStyles({
  card: { display: "flex", flexDirection: "column", gap: "10px", padding: "16px", minHeight: "220px" },
  top: { display: "flex", alignItems: "center", gap: "8px" },
  spacer: { flex: 1 },
  title: { fontWeight: 600, fontSize: tokens.fontSizeBase400, overflowWrap: "anywhere" },
  description: {
    color: tokens.colorNeutralForeground3,
    display: "-webkit-box",
    WebkitLineClamp: 2,
    WebkitBoxOrient: "vertical",
    overflow: "hidden",
  },
  stats: { display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: "8px", textAlign: "center" },
  stat: {
    display: "flex",
    flexDirection: "column",
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: "6px",
    padding: "6px",
  },
  statValue: { fontWeight: 600, fontSize: tokens.fontSizeBase400 },
  foot: { display: "flex", alignItems: "center", gap: "8px", marginTop: "auto" },
});

function Stat({ label, value }: { label: string; value: number }) {
  const styles = useStyles();
  return (
    <div className={styles.stat}>
      <span className={styles.statValue}>{value > 0 ? value : "-"}</span>
      <Text size={200}>{label}</Text>
    </div>
  );
}

/**
 * A dashboard session card (spec part 1 section 2): status pill, title, description, stats,
 * date, Owner tag, action button and the owner's menu. A locked card points to /settings.
 */
export function SessionCard({ session, userId, used }: { session: SessionView; userId: string; used: number }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const isOwner = session.creatorId === userId || session.leaderId === userId;
  const actionLabel = session.locked
    ? "Locked Session"
    : session.status === "completed"
      ? "View Results"
      : "Join Session";
  const action = (
    <Button
      appearance={session.locked ? "secondary" : "primary"}
      icon={session.locked ? <LockClosed16Regular /> : undefined}
      disabledFocusable={session.locked}
      onClick={() => navigate(session.locked ? "/settings" : `/session/${session.id}`)}
    >
      {actionLabel}
    </Button>
  );
  return (
    <Card className={styles.card} data-testid={`session-card-${session.id}`}>
      <div className={styles.top}>
        <SessionStatusPill session={session} />
        {isOwner ? (
          <Badge appearance="outline" color="brand">
            Owner
          </Badge>
        ) : null}
        <span className={styles.spacer} />
        {isOwner ? <SessionCardMenu session={session} /> : null}
      </div>
      <Text className={styles.title}>{session.title}</Text>
      <Text className={styles.description}>{session.description || "No description provided"}</Text>
      <div className={styles.stats}>
        <Stat label="Stories" value={session.stats.totalStories} />
        <Stat label="Points" value={session.stats.totalPoints} />
        <Stat label="Members" value={session.stats.participantCount} />
      </div>
      <div className={styles.foot}>
        <Text size={200}>{new Date(session.createdAt).toLocaleDateString()}</Text>
        <span className={styles.spacer} />
        {session.locked ? (
          <Tooltip
            relationship="description"
            content={`Session limit reached. You've used ${used} out of your ${FREE_PLAN_SESSION_LIMIT} allowed sessions. Upgrade your plan or delete sessions to continue.`}
          >
            {action}
          </Tooltip>
        ) : (
          action
        )}
      </div>
    </Card>
  );
}
