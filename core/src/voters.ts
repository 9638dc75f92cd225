import type { ParticipantRole } from "./enumerations";

/**
 * Participant roles expected to vote: every role but observer (spec part 2 section 4, reveal;
 * DESIGN.md "Reveal"). SQL filters use this list as their parameters.
 */
export const VOTING_ROLES = ["creator", "moderator", "participant"] as const satisfies readonly ParticipantRole[];

/**
 * Roles a participant may choose for themself or be given by the leader (issue #8 section 1:
 * voter or observer); `creator` and `moderator` are never set this way.
 */
export const CHOOSABLE_ROLES = ["participant", "observer"] as const satisfies readonly ParticipantRole[];
/** A role from CHOOSABLE_ROLES. */
export type ChoosableRole = (typeof CHOOSABLE_ROLES)[number];

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
 * How long a participant who lost their connection still counts as present (seconds): DESIGN.md
 * "Reveal" and issue #8 section 1 ("connected now, or disconnected for less than a grace period
 * of 30 s"). The server may shorten it with PRESENCE_GRACE_SECONDS (tests).
 */
export const PRESENCE_GRACE_SECONDS = 30;

/**
 * Whether a participant is present (issue #8 section 1): connected now, or disconnected less
 * than the grace ago. The server stores the end of the grace (`presentUntil` = the moment they
 * were last seen without a connection + PRESENCE_GRACE_SECONDS) so every reader agrees.
 * @param presentUntil ISO string, Date or epoch milliseconds; null when no grace is running
 * @param now epoch milliseconds (the server uses its database's clock)
 */
export function isPresent(
  presence: { online: boolean; presentUntil: Date | string | number | null },
  now: number,
): boolean {
  if (presence.online) return true;
  if (presence.presentUntil === null) return false;
  return new Date(presence.presentUntil).getTime() > now;
}

/** The end of the grace for someone last seen at `lastSeen` (epoch ms): lastSeen + grace. */
export function graceEnd(lastSeen: number, graceSeconds: number = PRESENCE_GRACE_SECONDS): number {
  return lastSeen + graceSeconds * 1000;
}

/**
 * Who the round waits for (issue #8 section 1, the one rule): participants that are `present`
 * (see isPresent) and whose role is not `observer`, in the given order. The count, the
 * participation grid, the non-leader reveal rule, auto-reveal and the Teams card all use it.
 */
export function expectedVoters<P extends { role: ParticipantRole; present: boolean }>(participants: readonly P[]): P[] {
  return participants.filter((p) => p.present && (VOTING_ROLES as readonly ParticipantRole[]).includes(p.role));
}

/** The same rule under the name: participants the round waits for. */
export const waitingFor = expectedVoters;

/** "n of m": votes counted and voters expected on one story's round. */
export interface RoundCounts {
  /** Expected voters (see expectedVoters) with a vote on the story; a coffee card is not a vote. */
  votedCount: number;
  /** How many participants the round waits for (expectedVoters). */
  expectedVoters: number;
}

/**
 * The round's "n of m" (issue #8 section 1): `votedKeys` are the voterKeys with a vote (never a
 * coffee card) on the story. Only expected voters' votes count, so n never exceeds m: a vote cast
 * by someone who then left (or became an observer) no longer counts while they are absent,
 * though it stays stored and is shown at reveal.
 */
export function roundCounts<P extends { voterKey: string; role: ParticipantRole; present: boolean }>(
  participants: readonly P[],
  votedKeys: Iterable<string>,
): RoundCounts {
  const voted = new Set(votedKeys);
  const expected = expectedVoters(participants);
  return { votedCount: expected.filter((p) => voted.has(p.voterKey)).length, expectedVoters: expected.length };
}

/**
 * `roundCounts` of a room given as groups of participants alike in what the rule reads (role,
 * present, voted) with how many are in each (`count`): the server's round counts come grouped from
 * the database, a few rows at any room size (issue #10). The same rule as `roundCounts`
 * (expectedVoters); only the counting differs.
 */
export function roundCountsOfGroups<
  G extends { role: ParticipantRole; present: boolean; voted: boolean; count: number },
>(groups: readonly G[]): RoundCounts {
  const expected = expectedVoters(groups);
  const sum = (list: readonly G[]) => list.reduce((total, g) => total + g.count, 0);
  return { votedCount: sum(expected.filter((g) => g.voted)), expectedVoters: sum(expected) };
}
