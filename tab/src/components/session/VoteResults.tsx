import { Badge, makeStyles, Text, tokens } from "@fluentui/react-components";
import { roundResults } from "@pointwise/core/consensus";
import { type Card, cardLabel, type EstimationScale, isSizeDeck } from "@pointwise/core/decks";
import type { VoteView } from "@pointwise/core/presented";
import { averageLabel } from "@pointwise/core/resultsExport";
import { lazy, Suspense } from "react";
import { useAnnouncedText } from "../common/LiveAnnouncer";

// The chart library (recharts, 88 kB brotli) loads only once results are shown: nobody needs it
// before reveal, and it was a quarter of the session page's first download (issue #6 part 4).
const VoteDistributionChart = lazy(() =>
  import("./VoteDistributionChart").then((m) => ({ default: m.VoteDistributionChart })),
);

const useStyles = makeStyles({
  // Stats beside the chart where there is room, above it on a phone: the results fit above the
  // round's dock without scrolling (issue #22 section 2).
  root: {
    display: "grid",
    gridTemplateColumns: "minmax(180px, auto) minmax(0, 1fr)",
    alignItems: "center",
    gap: "10px 16px",
    padding: "12px",
    "@media (max-width: 767.98px)": { gridTemplateColumns: "minmax(0, 1fr)" },
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  row: { display: "flex", alignItems: "center", gap: "16px", flexWrap: "wrap" },
  stat: { display: "flex", flexDirection: "column" },
  value: { fontSize: tokens.fontSizeHero700, fontWeight: 700, lineHeight: tokens.lineHeightHero700 },
  muted: { color: tokens.colorNeutralForeground3 },
  // Same box as the chart (VoteDistributionChart: full width, 140 px) so nothing moves when it arrives.
  chartPlaceholder: { width: "100%", height: "140px" },
});

const LABEL_COLORS = {
  "Strong Consensus": "success",
  "Good Alignment": "informative",
  "Wide Spread": "warning",
} as const;

/** What the live region says on reveal: "Votes revealed: average 5.0, Strong Consensus". */
export function revealAnnouncement(label: string | null, average: string | null, sizes: boolean): string {
  if (label === null || average === null) return "Votes revealed: no estimates were cast";
  return `Votes revealed: ${sizes ? "median size" : "average"} ${average}, ${label}`;
}

/**
 * Results of a revealed round: distribution chart, consensus label and average to 1 decimal,
 * computed with core's roundResults (spec part 2 section 9); the t-shirt deck shows the median
 * size instead (issue #8 section 4). Coffee cards carry no points and are never counted.
 */
export function VoteResults({ votes, deck, scale }: { votes: VoteView[]; deck: Card[]; scale: EstimationScale }) {
  const styles = useStyles();
  const points = votes.flatMap((v) => (v.points === undefined ? [] : [v.points]));
  const results = roundResults(points);
  const average = averageLabel({ id: "", title: "", estimationScale: scale, deck }, points);
  // The reveal, read out through the one live region (issue #8 section 6).
  useAnnouncedText(revealAnnouncement(results.label, average, isSizeDeck(scale)), { onMount: true });
  return (
    <section className={styles.root} aria-label="Results">
      <div className={styles.row}>
        <div className={styles.stat}>
          <Text size={200} className={styles.muted}>
            {isSizeDeck(scale) ? "Median size" : "Average"}
          </Text>
          <span className={styles.value} data-testid="average-points">
            {average ?? "-"}
          </span>
        </div>
        <div className={styles.stat}>
          <Text size={200} className={styles.muted}>
            Range
          </Text>
          <Text weight="semibold">
            {results.min === null || results.max === null
              ? "-"
              : `${cardLabel(deck, results.min)} - ${cardLabel(deck, results.max)}`}
          </Text>
        </div>
        <div className={styles.stat}>
          <Text size={200} className={styles.muted}>
            Votes
          </Text>
          <Text weight="semibold">{results.voteCount}</Text>
        </div>
        {results.label ? (
          <Badge size="large" appearance="tint" color={LABEL_COLORS[results.label]} data-testid="consensus-label">
            {results.label}
          </Badge>
        ) : (
          <Text className={styles.muted}>No estimates were cast.</Text>
        )}
      </div>
      <Suspense fallback={<div className={styles.chartPlaceholder} aria-busy="true" />}>
        <VoteDistributionChart distribution={results.distribution} deck={deck} mode={results.mode} />
      </Suspense>
    </section>
  );
}
