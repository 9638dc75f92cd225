import { Badge, Button, Card, makeStyles, Text, Title3, tokens } from "@fluentui/react-components";
import { ArrowDownload20Regular } from "@fluentui/react-icons";
import { cardLabel } from "@pointwise/core/decks";
import type { SessionView, StoryView, VoteView } from "@pointwise/core/presented";
import { sessionSummary } from "@pointwise/core/sessionSummary";
import { resultsMarkdown } from "./resultsMarkdown";

const useStyles = makeStyles({
  card: { padding: "20px", gap: "12px" },
  head: { display: "flex", justifyContent: "space-between", alignItems: "center", gap: "8px", flexWrap: "wrap" },
  row: {
    display: "flex",
    alignItems: "center",
    gap: "8px",
    padding: "8px 0",
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { flex: 1, minWidth: 0 },
  total: { display: "flex", justifyContent: "space-between", fontWeight: 700, paddingTop: "4px" },
});

/** Session Results once every story is done: final points per story, the total, export as Markdown. */
export function SessionResults({
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
  const total = summary.totalPoints;
  const rate = summary.consensusRate;
  const download = () => {
    const blob = new Blob([resultsMarkdown(session, stories, total)], { type: "text/markdown" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = `session-results-${session.id}.md`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Card className={styles.card} data-testid="session-results">
      <div className={styles.head}>
        <Title3 as="h2">Session Results</Title3>
        <Button icon={<ArrowDownload20Regular />} onClick={download}>
          Export Markdown
        </Button>
      </div>
      <Text>
        {summary.completed.length} completed, {summary.skipped.length} skipped
        {rate === null ? "" : `, ${rate}% consensus`}
      </Text>
      {stories.map((s) => (
        <div key={s.id} className={styles.row}>
          {s.ticketNumber ? <Badge appearance="outline">{s.ticketNumber}</Badge> : null}
          <Text className={styles.title}>{s.title}</Text>
          {s.status === "completed" ? (
            <Badge appearance="filled" color="brand">
              {cardLabel(session.deck, s.finalPoints)}
            </Badge>
          ) : (
            <Badge appearance="tint" color="subtle">
              Skipped
            </Badge>
          )}
        </div>
      ))}
      <div className={styles.total}>
        <span>Total</span>
        <span data-testid="results-total">{total === 1 ? "1 point" : `${total} points`}</span>
      </div>
    </Card>
  );
}
