import type { ConsensusLabel } from "./consensus";
import { type Card, cardLabel } from "./decks";

/**
 * The text of a story's round history (issue #8 section 3 "New Round keeps the earlier round"
 * and section 4's exports): one place for the story's "Earlier rounds" list in the tab and the
 * rounds cell of the Markdown and CSV exports.
 */

/** What a round line reads: the round number, its votes (points only once revealed), its label. */
export interface RoundHistoryEntry {
  round: number;
  votes: readonly { points?: number }[];
  consensusLabel: ConsensusLabel | null;
}

/**
 * One round as text: "Round 1: 3, 5, 13 - Wide Spread" (points ascending, as card labels);
 * a round ended before reveal (no points) reads "Round 1: not revealed".
 */
export function roundHistoryLine(round: RoundHistoryEntry, deck: readonly Card[]): string {
  const points = round.votes.flatMap((v) => (v.points === undefined ? [] : [v.points])).sort((a, b) => a - b);
  if (points.length === 0) return `Round ${round.round}: not revealed`;
  const labels = points.map((p) => cardLabel(deck, p)).join(", ");
  return round.consensusLabel
    ? `Round ${round.round}: ${labels} - ${round.consensusLabel}`
    : `Round ${round.round}: ${labels}`;
}

/** Several rounds on one line, oldest first, separated by "; " (the exports' rounds cell). */
export function roundHistoryText(rounds: readonly RoundHistoryEntry[], deck: readonly Card[]): string {
  return rounds.map((r) => roundHistoryLine(r, deck)).join("; ");
}
