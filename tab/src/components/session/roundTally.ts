import type { ParticipantView, VoteView } from "@pointwise/core/presented";
import { expectedVoters, roundCounts } from "@pointwise/core/voters";
import type { SessionScreen } from "./useSessionScreen";

/** A story's "n of m" as the session screen shows it, and the voters it shows a tile for. */
export interface RoundTally {
  /** The held people who are expected voters (core `expectedVoters`): one tile each. */
  voters: ParticipantView[];
  /** Votes (never coffee) of expected voters on the story. */
  votedCount: number;
  /** Expected voters of the whole room. */
  expectedVoters: number;
}

/**
 * The round's counts of `storyId` (issue #8 section 1; spec part 2 section 9). In a room of at
 * most SNAPSHOT_PARTICIPANT_WINDOW people the screen holds everyone and counts by core
 * `roundCounts`, as before; in a bigger one it holds only some of them (issue #24 section 3), so
 * the counts are the server's (snapshot, `participants_update`, `vote_update`), and for a story
 * the server has not counted yet (just moved to), the held votes against the room's expected voters.
 * @param storyVotes the cached votes of `storyId`
 */
export function roundTally(screen: SessionScreen, storyId: string, storyVotes: VoteView[]): RoundTally {
  const voters = expectedVoters(screen.participants);
  const ballots = storyVotes.filter((v) => !v.coffee).map((v) => v.voterKey);
  const round = screen.live.round;
  if (!screen.people.big || !round) {
    const counts = roundCounts(voters, ballots);
    return { voters, votedCount: counts.votedCount, expectedVoters: counts.expectedVoters };
  }
  const votedCount =
    round.storyId === storyId ? round.votedCount : Math.min(new Set(ballots).size, round.expectedVoters);
  return { voters, votedCount, expectedVoters: round.expectedVoters };
}
