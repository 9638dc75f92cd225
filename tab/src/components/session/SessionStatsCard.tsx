import { Card, makeStyles, Text } from "@fluentui/react-components";
import { isSizeDeck } from "@pointwise/core/decks";
import type { SessionView } from "@pointwise/core/presented";
import { medianLabel } from "@pointwise/core/resultsExport";
import { StatTiles } from "./StatTiles";

const useStyles = makeStyles({
  card: { padding: "16px", gap: "10px" },
  columns: { gridTemplateColumns: "1fr 1fr" },
});

/**
 * Session Stats: stories done, total points and the consensus rate of completed stories (spec
 * part 2 section 9); the t-shirt deck shows the median size instead of a point total (issue #8
 * section 4). The figures are the session's `stats`, which the server counts over the whole
 * queue and pushes with every change (issue #22 section 3: the screen may hold only a window).
 */
export function SessionStatsCard({ session }: { session: SessionView }) {
  const styles = useStyles();
  const { stats } = session;
  const rate =
    stats.completedStories === 0 ? null : Math.round((stats.consensusStories / stats.completedStories) * 100);
  const sizes = isSizeDeck(session.estimationScale);
  const median = stats.medianFinalPoints === null ? null : medianLabel(session.deck, [stats.medianFinalPoints]);
  const stats4 = [
    { label: "Stories", value: String(stats.totalStories) },
    { label: "Completed", value: `${stats.completedStories}/${stats.totalStories}` },
    sizes
      ? { label: "Median size", value: median ?? "-" }
      : { label: "Total points", value: String(Math.round(stats.totalPoints * 10) / 10) },
    { label: "Consensus", value: rate === null ? "-" : `${rate}%` },
  ];
  return (
    <Card className={styles.card}>
      <Text weight="semibold">Session Stats</Text>
      <StatTiles stats={stats4} className={styles.columns} />
    </Card>
  );
}
