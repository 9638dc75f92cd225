import { Badge, Button, Card, makeStyles, Spinner, Text, Title3, tokens } from "@fluentui/react-components";
import { ArrowDownload20Regular } from "@fluentui/react-icons";
import { isSizeDeck } from "@pointwise/core/decks";
import type { SessionView, StoryView, VoteView } from "@pointwise/core/presented";
import { resultsTotal, storyResultRows } from "@pointwise/core/resultsExport";
import { sessionSummary } from "@pointwise/core/sessionSummary";
import { useSessionResultsData } from "../../api/useStoryQueue";
import { StoryJiraLine } from "./StoryJiraLine";
import type { SessionScreen } from "./useSessionScreen";

const useStyles = makeStyles({
  card: { padding: "20px", gap: "12px" },
  head: { display: "flex", justifyContent: "space-between", alignItems: "center", gap: "8px", flexWrap: "wrap" },
  actions: { display: "flex", gap: "8px", flexWrap: "wrap" },
  row: {
    display: "flex",
    alignItems: "center",
    gap: "8px",
    padding: "8px 0",
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: "2px" },
  muted: { color: tokens.colorNeutralForeground3 },
  total: { display: "flex", justifyContent: "space-between", fontWeight: 700, paddingTop: "4px" },
});

/**
 * Session Results, available once any story is completed (issue #8 section 4): final points per
 * story (pending ones without), the average or, on the t-shirt deck, the median size, the total
 * (numeric decks only) and downloads of the server's exports: Markdown (session-results-{id}.md,
 * spec part 2 section 9) and CSV, from `GET /api/sessions/{id}/export.md|csv`. Rows and the
 * total come from core's resultsExport, the builder of the Markdown file too. Each story shows its
 * Jira ticket and the write-back of its points (issue #12 section 3).
 */
export function SessionResults({
  screen,
  session,
  canManage = false,
}: {
  screen: Pick<SessionScreen, "stories" | "votes" | "queueComplete">;
  session: SessionView;
  /** The viewer can manage the session: Remove ticket and Retry. */
  canManage?: boolean;
}) {
  const data = useSessionResultsData(session.id, screen, screen.queueComplete);
  if (!data) return <Spinner label="Loading results..." />;
  return <SessionResultsCard session={session} stories={data.stories} votes={data.votes} canManage={canManage} />;
}

/** Session Results of the given stories and votes (SessionResults reads them). */
export function SessionResultsCard({
  session,
  stories,
  votes,
  canManage = false,
}: {
  session: SessionView;
  stories: StoryView[];
  votes: VoteView[];
  canManage?: boolean;
}) {
  const styles = useStyles();
  const summary = sessionSummary(stories, votes);
  const rate = summary.consensusRate;
  const rows = storyResultRows(session, stories, votes);
  const total = resultsTotal(session, stories);
  const [totalName, totalValue] = total === null ? [null, null] : total.split(": ");
  const exportUrl = (format: "md" | "csv") => `/api/sessions/${encodeURIComponent(session.id)}/export.${format}`;
  return (
    <Card className={styles.card} data-testid="session-results">
      <div className={styles.head}>
        <Title3 as="h2">Session Results</Title3>
        <div className={styles.actions}>
          <Button as="a" href={exportUrl("md")} download icon={<ArrowDownload20Regular />}>
            Export Markdown
          </Button>
          <Button as="a" href={exportUrl("csv")} download icon={<ArrowDownload20Regular />}>
            Export CSV
          </Button>
        </div>
      </div>
      <Text>
        {summary.completed.length} completed, {summary.skipped.length} skipped
        {rate === null ? "" : `, ${rate}% consensus`}
      </Text>
      {stories.map((s, i) => {
        const row = rows[i];
        return (
          <div key={s.id} className={styles.row} data-testid={`results-row-${s.id}`}>
            <div className={styles.title}>
              <Text>{s.title}</Text>
              <StoryJiraLine sessionId={session.id} story={s} canManage={canManage} />
            </div>
            {row?.average ? (
              <Text size={200} className={styles.muted}>
                {isSizeDeck(session.estimationScale) ? "median" : "avg"} {row.average}
              </Text>
            ) : null}
            {s.status === "completed" ? (
              <Badge appearance="filled" color="brand">
                {row?.finalPoints}
              </Badge>
            ) : (
              <Badge appearance="tint" color="subtle">
                {row?.status}
              </Badge>
            )}
          </div>
        );
      })}
      {totalName === null ? null : (
        <div className={styles.total}>
          <span>{totalName}</span>
          <span data-testid="results-total">{totalValue}</span>
        </div>
      )}
    </Card>
  );
}
