import { VOTING_ROLES } from "@pointwise/core/voters";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { sessionParticipants, votes } from "../db/schema";

/** How far a story's round is: votes cast and the number of people the round waits for. */
export interface RoundProgress {
  /** Votes cast on the story; a coffee card is a break request, not a vote (issue #8 section 4). */
  votedCount: number;
  /** People the round waits for: participants whose role is in core VOTING_ROLES (not observers). */
  expectedVoters: number;
}

/**
 * The progress of a story's round under the reveal rule (spec part 2 section 4): the same
 * counts as the non-leader reveal check in votesRevealer. Used by auto-reveal (issue #8
 * section 2) to decide whether everyone has voted.
 * @param db the database or a transaction (e.g. one holding the story's lock)
 */
export async function roundProgress(db: Db | Tx, sessionId: string, storyId: string): Promise<RoundProgress> {
  const [expected] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionParticipants)
    .where(and(eq(sessionParticipants.sessionId, sessionId), inArray(sessionParticipants.role, VOTING_ROLES)));
  const [cast] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(votes)
    .where(and(eq(votes.storyId, storyId), eq(votes.coffee, false)));
  return { votedCount: cast?.n ?? 0, expectedVoters: expected?.n ?? 0 };
}
