import { type Card, cardLabel } from "@pointwise/core/decks";
import type { StoryRoundView } from "@pointwise/core/presented";

/**
 * One line of a story's round history (issue #8 section 3): "Round 1: 3, 5, 13 - Wide Spread";
 * a round ended before reveal reads "Round 1: not revealed".
 */
export function roundHistoryLine(round: StoryRoundView, deck: Card[]): string {
  if (round.votes.length === 0) return `Round ${round.round}: not revealed`;
  const points = round.votes
    .flatMap((v) => (v.points === undefined ? [] : [v.points]))
    .sort((a, b) => a - b)
    .map((p) => cardLabel(deck, p))
    .join(", ");
  return round.consensusLabel
    ? `Round ${round.round}: ${points} - ${round.consensusLabel}`
    : `Round ${round.round}: ${points}`;
}
