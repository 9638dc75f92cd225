import { count, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context";
import { stories, votes } from "../db/schema";

/**
 * Writes a vote of `points` by each participant on every story of a session, straight in the
 * test database, 500 rows a statement: a big session's votes for tests of its deletion (through
 * the API a vote counts only on the active story, one at a time).
 * @returns the number of votes written
 */
export async function voteOnEveryStory(
  ctx: AppContext,
  sessionId: string,
  participantIds: readonly string[],
  points = 5,
): Promise<number> {
  const ids = (await ctx.db.select({ id: stories.id }).from(stories).where(eq(stories.sessionId, sessionId))).map(
    (s) => s.id,
  );
  for (const participantId of participantIds) {
    for (let i = 0; i < ids.length; i += 500) {
      await ctx.db.insert(votes).values(ids.slice(i, i + 500).map((storyId) => ({ storyId, participantId, points })));
    }
  }
  return ids.length * participantIds.length;
}

/** How many stories and votes on them a session has in the database. */
export async function sessionRowCounts(
  ctx: AppContext,
  sessionId: string,
): Promise<{ stories: number; votes: number }> {
  const ids = ctx.db.select({ id: stories.id }).from(stories).where(eq(stories.sessionId, sessionId));
  const [s] = await ctx.db.select({ n: count() }).from(stories).where(eq(stories.sessionId, sessionId));
  const [v] = await ctx.db.select({ n: count() }).from(votes).where(inArray(votes.storyId, ids));
  return { stories: s?.n ?? 0, votes: v?.n ?? 0 };
}
