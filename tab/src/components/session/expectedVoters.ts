import type { ParticipantView } from "@pointwise/core/presented";

/**
 * Who is expected to vote on a story: every participant who is not an observer, the same rule
 * the server applies before a non-leader may reveal (api votesRevealer; spec part 2 section 4).
 */
export function expectedVoters(participants: ParticipantView[]): ParticipantView[] {
  return participants.filter((p) => p.role !== "observer");
}
