import { deckFor } from "@pointwise/core/decks";
import type { VoteView } from "@pointwise/core/presented";
import { roundHistoryLine } from "./roundHistoryText";

const vote = (points: number): VoteView => ({
  storyId: "s",
  voterKey: `u:${points}`,
  userId: null,
  participantId: null,
  displayName: "X",
  hasVoted: true,
  points,
  updatedAt: "2026-01-01T00:00:00.000Z",
});

describe("roundHistoryLine", () => {
  const deck = deckFor("fibonacci", null);
  it("lists the round's points in order with its consensus label", () => {
    const round = { round: 1, votes: [vote(13), vote(3), vote(5)], average: 7, consensusLabel: "Wide Spread" as const };
    expect(roundHistoryLine(round, deck)).toBe("Round 1: 3, 5, 13 - Wide Spread");
  });
  it("says when a round ended without a reveal", () => {
    expect(roundHistoryLine({ round: 2, votes: [], average: null, consensusLabel: null }, deck)).toBe(
      "Round 2: not revealed",
    );
  });
});
