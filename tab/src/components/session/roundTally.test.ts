import { INITIAL_LIVE_STATE, type LiveState } from "../../api/liveSessionCache";
import { buildParticipant, buildVote } from "../../testing/viewFactories";
import { roundTally } from "./roundTally";
import type { SessionScreen } from "./useSessionScreen";

/** The fields of a screen roundTally reads. */
function screenOf(people: SessionScreen["people"], live: Partial<LiveState> = {}): SessionScreen {
  return {
    participants: [
      buildParticipant({ id: "a", voterKey: "p:a" }),
      buildParticipant({ id: "b", voterKey: "p:b" }),
      buildParticipant({ id: "c", voterKey: "p:c", present: false }),
    ],
    people,
    live: { ...INITIAL_LIVE_STATE, ...live },
  } as SessionScreen;
}

const round = { storyId: "s1", votedCount: 7, expectedVoters: 300 };

describe("roundTally", () => {
  it("counts the people held in a room of at most the snapshot's window, as before", () => {
    const tally = roundTally(screenOf({ total: 3, present: 2, big: false }, { round }), "s1", [
      buildVote({ storyId: "s1", voterKey: "p:a" }),
      buildVote({ storyId: "s1", voterKey: "p:c" }),
    ]);
    expect(tally.voters.map((p) => p.id)).toEqual(["a", "b"]);
    expect([tally.votedCount, tally.expectedVoters]).toEqual([1, 2]);
  });

  it("takes the server's counts in a big room (issue #24 section 3)", () => {
    const screen = screenOf({ total: 320, present: 300, big: true }, { round });
    expect(roundTally(screen, "s1", [])).toMatchObject({ votedCount: 7, expectedVoters: 300 });
    // A story the server has not counted yet: its held votes against the room's voters.
    const other = roundTally(screen, "s2", [
      buildVote({ storyId: "s2", voterKey: "p:x" }),
      buildVote({ storyId: "s2", voterKey: "p:y", coffee: true }),
    ]);
    expect(other).toMatchObject({ votedCount: 1, expectedVoters: 300 });
  });
});
