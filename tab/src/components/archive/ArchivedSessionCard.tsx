import { Badge, Button, Card, makeStyles, Text, tokens } from "@fluentui/react-components";
import { ArrowUndo16Regular } from "@fluentui/react-icons";
import type { SessionView } from "@pointwise/core/presented";
import { Link } from "react-router";
import { useArchiveSession } from "../../api/sessionMutations";
import { useNotify } from "../../toasts/useNotify";

const useStyles = makeStyles({
  card: { display: "flex", flexDirection: "column", gap: "8px", padding: "16px" },
  title: { fontWeight: 600, fontSize: tokens.fontSizeBase400 },
  muted: { color: tokens.colorNeutralForeground3 },
  stats: { display: "flex", gap: "16px" },
  foot: { display: "flex", alignItems: "center", gap: "8px", justifyContent: "space-between", flexWrap: "wrap" },
});

/** An archived session: Archived pill, stats, View Details and Unarchive ('Restoring...'). */
export function ArchivedSessionCard({ session }: { session: SessionView }) {
  const styles = useStyles();
  const unarchive = useArchiveSession("unarchive");
  const notify = useNotify();
  const restore = () =>
    unarchive.mutate(session.id, {
      onSuccess: () => notify("Session unarchived"),
      onError: () => notify("Error", "Failed to unarchive session. Please try again.", "error"),
    });
  return (
    <Card className={styles.card}>
      <Badge appearance="tint" color="subtle" style={{ alignSelf: "flex-start" }}>
        Archived
      </Badge>
      <Text className={styles.title}>{session.title}</Text>
      <Text className={styles.muted}>{session.description || "No description provided"}</Text>
      <div className={styles.stats}>
        <Text size={200}>Stories: {session.stats.totalStories}</Text>
        <Text size={200}>Participants: {session.stats.participantCount}</Text>
        <Text size={200}>
          Avg Points:{" "}
          {session.stats.totalStories > 0 ? (session.stats.totalPoints / session.stats.totalStories).toFixed(1) : 0}
        </Text>
      </div>
      <Text size={200} className={styles.muted}>
        {new Date(session.createdAt).toLocaleDateString()}
      </Text>
      <div className={styles.foot}>
        <Link to={`/session/${session.id}`}>View Details</Link>
        <Button icon={<ArrowUndo16Regular />} onClick={restore} disabled={unarchive.isPending}>
          {unarchive.isPending ? "Restoring..." : "Unarchive"}
        </Button>
      </div>
    </Card>
  );
}
