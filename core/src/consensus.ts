/**
 * Vote results: consensus, the results label, averages and the consensus rate.
 * Source: spec part 2 section 9 ("Business constants and limits").
 */

/** How the results panel describes a revealed round (spec part 2 section 9). */
export type ConsensusLabel = "Strong Consensus" | "Wide Spread" | "Good Alignment";

/** One bar of the vote distribution: how many votes chose `points`. */
export interface DistributionEntry {
  points: number;
  count: number;
}

/** Everything the results panel shows for one revealed round. */
export interface RoundResults {
  voteCount: number;
  /** Mean of the points, rounded to 1 decimal; null with no votes. */
  average: number | null;
  min: number | null;
  max: number | null;
  /** Consensus: at least one vote and a range of at most 1. */
  consensus: boolean;
  label: ConsensusLabel | null;
  /** Sorted by points ascending. */
  distribution: DistributionEntry[];
  /** The single most common value, or null when there is a tie or no votes. */
  mode: number | null;
}

/** Rounds to 1 decimal ("Average points rounded to 1 decimal", spec part 2 section 9). */
export function roundTo1(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * Results of one round from the points cast (nulls, the `?` card, are ignored).
 * Label rule: Strong Consensus when a single most-common value is held by more than 1 vote;
 * Wide Spread when the range is greater than 5; otherwise Good Alignment.
 */
export function roundResults(points: readonly (number | null)[]): RoundResults {
  const values = points.filter((p): p is number => typeof p === "number");
  if (values.length === 0) {
    return {
      voteCount: 0,
      average: null,
      min: null,
      max: null,
      consensus: false,
      label: null,
      distribution: [],
      mode: null,
    };
  }
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const distribution = [...counts.entries()]
    .map(([p, count]) => ({ points: p, count }))
    .sort((a, b) => a.points - b.points);
  const top = Math.max(...distribution.map((d) => d.count));
  const leaders = distribution.filter((d) => d.count === top);
  const mode = leaders.length === 1 ? (leaders[0]?.points ?? null) : null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const range = max - min;
  let label: ConsensusLabel;
  if (mode !== null && top > 1) label = "Strong Consensus";
  else if (range > 5) label = "Wide Spread";
  else label = "Good Alignment";
  return {
    voteCount: values.length,
    average: roundTo1(values.reduce((a, b) => a + b, 0) / values.length),
    min,
    max,
    consensus: range <= 1,
    label,
    distribution,
    mode,
  };
}

/**
 * The final points proposed when the leader completes a story without choosing:
 * the single most common vote, else the deck value nearest the average (ties round up).
 * @param deckValues the deck's numeric values; returns null when no votes were cast.
 */
export function proposedFinalPoints(points: readonly (number | null)[], deckValues: readonly number[]): number | null {
  const results = roundResults(points);
  if (results.average === null) return null;
  if (results.mode !== null) return results.mode;
  const average = results.average;
  let best: number | null = null;
  for (const v of deckValues) {
    if (
      best === null ||
      Math.abs(v - average) < Math.abs(best - average) ||
      (Math.abs(v - average) === Math.abs(best - average) && v > best)
    ) {
      best = v;
    }
  }
  return best;
}

/**
 * Share of completed stories (0-100, rounded) whose votes have a range of at most 1 or
 * fewer than 2 votes (spec part 2 section 9). Null when no story is completed.
 * @param completedRounds the points cast on each completed story
 */
export function consensusRate(completedRounds: readonly (readonly (number | null)[])[]): number | null {
  if (completedRounds.length === 0) return null;
  const agreed = completedRounds.filter((round) => {
    const values = round.filter((p): p is number => typeof p === "number");
    return values.length < 2 || Math.max(...values) - Math.min(...values) <= 1;
  }).length;
  return Math.round((agreed / completedRounds.length) * 100);
}

/** Participation colour of the team grid (spec part 2 section 9). */
export type ParticipationLevel = "all" | "most" | "some";

/** "all" (green) when everyone voted, "most" (amber) at 80 % or more, else "some". */
export function participationLevel(voted: number, total: number): ParticipationLevel {
  if (total > 0 && voted >= total) return "all";
  if (total > 0 && voted / total >= 0.8) return "most";
  return "some";
}
