import { deckFor } from "./decks";
import type { VoteView } from "./presented";
import { roundHistoryLine, roundHistoryText } from "./roundHistory";

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
    expect(roundHistoryLine({ round: 2, votes: [], consensusLabel: null }, deck)).toBe("Round 2: not revealed");
  });
  it("joins rounds oldest first with '; ' for the exports, sizes on the t-shirt deck", () => {
    const rounds = [
      { round: 1, votes: [vote(13), vote(3), vote(5)], consensusLabel: "Wide Spread" as const },
      { round: 2, votes: [vote(5), vote(5), vote(5)], consensusLabel: "Strong Consensus" as const },
    ];
    expect(roundHistoryText(rounds, deck)).toBe("Round 1: 3, 5, 13 - Wide Spread; Round 2: 5, 5, 5 - Strong Consensus");
    expect(roundHistoryText([], deck)).toBe("");
    expect(roundHistoryLine({ round: 1, votes: [{ points: 3 }], consensusLabel: null }, deckFor("tshirt", null))).toBe(
      "Round 1: M",
    );
  });
});
