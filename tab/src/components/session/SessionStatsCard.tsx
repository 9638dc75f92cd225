import { Card, makeStyles, Text, tokens } from "@fluentui/react-components";
import type { StoryView, VoteView } from "@pointwise/core/presented";
import { sessionSummary } from "@pointwise/core/sessionSummary";

const useStyles = makeStyles({
  card: { padding: "16px", gap: "10px" },
  grid: { display: "grid", gridTemplateColumns: "1fr 1fr", gap: "8px" },
  stat: {
    display: "flex",
    flexDirection: "column",
    padding: "8px",
    borderRadius: "6px",
    backgroundColor: tokens.colorNeutralBackground2,
  },
  value: { fontWeight: 700, fontSize: tokens.fontSizeBase500 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Session Stats: stories done, total points and the consensus rate of completed stories (spec part 2 section 9). */
export function SessionStatsCard({ stories, votes }: { stories: StoryView[]; votes: VoteView[] }) {
  const styles = useStyles();
  const summary = sessionSummary(stories, votes);
  const rate = summary.consensusRate;
  const stats = [
    { label: "Stories", value: String(stories.length) },
    { label: "Completed", value: `${summary.completed.length}/${stories.length}` },
    { label: "Total points", value: String(summary.totalPoints) },
    { label: "Consensus", value: rate === null ? "-" : `${rate}%` },
  ];
  return (
    <Card className={styles.card}>
      <Text weight="semibold">Session Stats</Text>
      <div className={styles.grid}>
        {stats.map((s) => (
          <div key={s.label} className={styles.stat}>
            <span className={styles.value}>{s.value}</span>
            <Text size={200} className={styles.muted}>
              {s.label}
            </Text>
          </div>
        ))}
      </div>
    </Card>
  );
}
