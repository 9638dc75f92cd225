import { eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions, stories, votes } from "../db/schema";
import { nextTurn } from "../nextTurn";
import type { SessionAccess } from "../policies/sessionPolicy";

/** Votes deleted per statement (PGlite, in the server's thread: 5-15 ms). */
const VOTE_BATCH = 500;
/**
 * Stories deleted per statement, with what cascades from each (rounds, suggestions, insights,
 * their history rows unlinked): 25 real stories take PGlite 7-12 ms (50 took 15-20, at times 50).
 */
const STORY_BATCH = 25;

/**
 * Deletes a session with its stories, votes and participants, in one transaction: all or
 * nothing, and nobody sees it half deleted (PostgreSQL shows other transactions the session
 * whole until the commit; PGlite runs the transaction alone, other queries waiting for it).
 * Issue #23 section 2: one `DELETE` of a 2,000-story session held the event loop for a second
 * on PGlite (the cascade to every story and vote is one statement), so the stories go 25 at a
 * time, their votes first 500 at a time, the event loop turning between two statements; the
 * session row, locked first so no story is added meanwhile, goes last with what is left
 * (participants, invitations, presence).
 */
export async function deleteSession(ctx: AppContext, access: SessionAccess): Promise<void> {
  const sessionId = access.session.id;
  await ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: pointingSessions.id })
      .from(pointingSessions)
      .where(eq(pointingSessions.id, sessionId))
      .for("update");
    for (;;) {
      await nextTurn();
      const batch = (
        await tx.select({ id: stories.id }).from(stories).where(eq(stories.sessionId, sessionId)).limit(STORY_BATCH)
      ).map((s) => s.id);
      if (batch.length === 0) break;
      for (;;) {
        await nextTurn();
        const doomed = tx.select({ id: votes.id }).from(votes).where(inArray(votes.storyId, batch)).limit(VOTE_BATCH);
        const gone = await tx.delete(votes).where(inArray(votes.id, doomed)).returning({ id: votes.id });
        if (gone.length < VOTE_BATCH) break;
      }
      await nextTurn();
      await tx.delete(stories).where(inArray(stories.id, batch));
    }
    await nextTurn();
    await tx.delete(pointingSessions).where(eq(pointingSessions.id, sessionId));
  });
  await ctx.hub.publish(sessionId, { type: "session_deleted", sessionId });
}
