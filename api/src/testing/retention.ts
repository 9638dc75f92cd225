import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { pointingSessions, sessionParticipants, stories, votes } from "../db/schema";

/**
 * Moves a session's whole history `days` into the past: its own times, its stories', votes'
 * and participants'; with `archived` it also ended (was archived) then.
 */
export async function ageSession(db: Db, sessionId: string, days: number, archived: boolean): Promise<void> {
  const then = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  await db
    .update(pointingSessions)
    .set({ updatedAt: then, createdAt: then, ...(archived ? { archivedAt: then, isActive: false } : {}) })
    .where(eq(pointingSessions.id, sessionId));
  const storyIds = (await db.select({ id: stories.id }).from(stories).where(eq(stories.sessionId, sessionId))).map(
    (s) => s.id,
  );
  await db.update(stories).set({ updatedAt: then }).where(eq(stories.sessionId, sessionId));
  if (storyIds.length > 0) await db.update(votes).set({ updatedAt: then }).where(inArray(votes.storyId, storyIds));
  await db
    .update(sessionParticipants)
    .set({ joinedAt: then, presentUntil: null })
    .where(eq(sessionParticipants.sessionId, sessionId));
}

/** Participants of a session: id, userId and whether anonymous. */
export async function participantsOf(db: Db, sessionId: string) {
  return db
    .select({
      id: sessionParticipants.id,
      userId: sessionParticipants.userId,
      isAnonymous: sessionParticipants.isAnonymous,
    })
    .from(sessionParticipants)
    .where(eq(sessionParticipants.sessionId, sessionId));
}

/** Votes on a story: who (user or participant) and the points. */
export async function votesOnStory(db: Db, storyId: string) {
  return db
    .select({ userId: votes.userId, participantId: votes.participantId, points: votes.points })
    .from(votes)
    .where(eq(votes.storyId, storyId));
}

/** The kept votes of the story's earlier rounds (story_rounds.votes), flattened. */
export async function roundVotesOf(
  db: Db,
  storyId: string,
): Promise<{ userId: string | null; participantId: string | null }[]> {
  const result = (await db.execute(
    sql`SELECT v->>'userId' AS "userId", v->>'participantId' AS "participantId" FROM story_rounds r, jsonb_array_elements(r.votes) v WHERE r.story_id = ${storyId}`,
  )) as unknown as { rows: { userId: string | null; participantId: string | null }[] };
  return result.rows;
}
