import type { RoundTimerView } from "@pointwise/core/roundTimer";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import { stories } from "../db/schema";
import { notFound } from "../errors";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentStory } from "../presenters/storyPresenter";

/**
 * Stops a story's round timer (DELETE /api/stories/{id}/timer, leader only; issue #8
 * section 2): clears the deadline and pushes `timer_stopped` when one was set. Stopping a
 * story without a timer changes nothing and pushes nothing.
 * @throws 404 for a story of another session.
 */
export async function stopTimer(ctx: AppContext, access: SessionAccess, storyId: string): Promise<RoundTimerView> {
  const sessionId = access.session.id;
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(stories).where(eq(stories.id, storyId)).for("update");
    if (!row || row.sessionId !== sessionId) throw notFound("Story not found");
    if (row.timerEndsAt === null) return { story: row, stopped: false };
    const [updated] = await tx
      .update(stories)
      .set({ timerEndsAt: null, updatedAt: new Date() })
      .where(eq(stories.id, row.id))
      .returning();
    return { story: updated ?? row, stopped: true };
  });
  if (outcome.stopped) await publishTimersStopped(ctx, sessionId, [storyId]);
  return { storyId, endsAt: null, serverNow: new Date().toISOString(), story: presentStory(outcome.story) };
}

/**
 * Clears the round timers of a session's stories, except `keepStoryId` (the group's story when
 * the active story changes; issue #8 section 2: the timer stops on a story change).
 * @param tx the transaction that changes the active story
 * @returns ids of the stories whose timer was cleared, for `publishTimersStopped` after the commit
 */
export async function clearRoundTimers(tx: Tx, sessionId: string, keepStoryId: string | null): Promise<string[]> {
  const rows = await tx
    .update(stories)
    .set({ timerEndsAt: null })
    .where(
      and(
        eq(stories.sessionId, sessionId),
        isNotNull(stories.timerEndsAt),
        ...(keepStoryId ? [ne(stories.id, keepStoryId)] : []),
      ),
    )
    .returning({ id: stories.id });
  return rows.map((r) => r.id);
}

/** Pushes `timer_stopped` for each story whose timer was cleared (after the commit). */
export async function publishTimersStopped(ctx: AppContext, sessionId: string, storyIds: string[]): Promise<void> {
  for (const storyId of storyIds) await ctx.hub.publish(sessionId, { type: "timer_stopped", sessionId, storyId });
}
