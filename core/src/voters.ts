import type { ParticipantRole } from "./enumerations";

/**
 * Participant roles expected to vote: every role but observer (spec part 2 section 4, reveal;
 * DESIGN.md "Reveal"). SQL filters use this list as their parameters.
 */
export const VOTING_ROLES = ["creator", "moderator", "participant"] as const satisfies readonly ParticipantRole[];

/**
 * The key that names a voter in votes and presence: `u:<userId>` for a registered user,
 * `p:<participantId>` for an anonymous participant. A user id wins when both are given.
 * @throws Error when neither id is given (a vote always has exactly one, spec part 1 section 3).
 */
export function voterKeyOf(voter: { userId?: string | null; participantId?: string | null }): string {
  if (voter.userId) return `u:${voter.userId}`;
  if (voter.participantId) return `p:${voter.participantId}`;
  throw new Error("A voter needs a userId or a participantId");
}

/** The ids inside a voter key: exactly one of them is set. */
export type VoterIds = { userId: string; participantId: null } | { userId: null; participantId: string };

/** Reads a key made by `voterKeyOf`; null for anything else (no prefix, or an empty id). */
export function parseVoterKey(key: string): VoterIds | null {
  const id = key.slice(2);
  if (id.length === 0) return null;
  if (key.startsWith("u:")) return { userId: id, participantId: null };
  if (key.startsWith("p:")) return { userId: null, participantId: id };
  return null;
}

/**
 * Who is expected to vote on a story: every participant whose role is in VOTING_ROLES, i.e.
 * not an observer, in the given order. A non-leader may reveal once all of them have voted
 * (spec part 2 section 4). DESIGN.md narrows this to participants present now or within a
 * 30 s grace; the server does not implement presence in the reveal rule, so neither does this.
 */
export function expectedVoters<P extends { role: ParticipantRole }>(participants: readonly P[]): P[] {
  return participants.filter((p) => (VOTING_ROLES as readonly ParticipantRole[]).includes(p.role));
}
