import { Card, makeStyles, Text } from "@fluentui/react-components";
import { isSizeDeck } from "@pointwise/core/decks";
import type { SessionView, StoryView, VoteView } from "@pointwise/core/presented";
import { medianLabel } from "@pointwise/core/resultsExport";
import { sessionSummary } from "@pointwise/core/sessionSummary";
import { StatTiles } from "./StatTiles";

const useStyles = makeStyles({
  card: { padding: "16px", gap: "10px" },
  columns: { gridTemplateColumns: "1fr 1fr" },
});

/**
 * Session Stats: stories done, total points and the consensus rate of completed stories (spec
 * part 2 section 9); the t-shirt deck shows the median size instead of a point total (issue #8
 * section 4).
 */
export function SessionStatsCard({
  session,
  stories,
  votes,
}: {
  session: SessionView;
  stories: StoryView[];
  votes: VoteView[];
}) {
  const styles = useStyles();
  const summary = sessionSummary(stories, votes);
  const rate = summary.consensusRate;
  const finals = summary.completed.flatMap((s) => (s.finalPoints === null ? [] : [s.finalPoints]));
  const sizes = isSizeDeck(session.estimationScale);
  const stats = [
    { label: "Stories", value: String(stories.length) },
    { label: "Completed", value: `${summary.completed.length}/${stories.length}` },
    sizes
      ? { label: "Median size", value: medianLabel(session.deck, finals) ?? "-" }
      : { label: "Total points", value: String(summary.totalPoints) },
    { label: "Consensus", value: rate === null ? "-" : `${rate}%` },
  ];
  return (
    <Card className={styles.card}>
      <Text weight="semibold">Session Stats</Text>
      <StatTiles stats={stats} className={styles.columns} />
    </Card>
  );
}
