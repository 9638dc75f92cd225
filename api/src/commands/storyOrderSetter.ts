import type { StoryView } from "@pointwise/core/presented";
import type { StoryOrderInput } from "@pointwise/core/storySchemas";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions, stories } from "../db/schema";
import { validationError } from "../errors";
import type { SessionAccess } from "../policies/sessionPolicy";
import { storyViews } from "../queries/sessionState";

/**
 * Sets the queue order of a session's stories (leader only): `storyIds` must name every story
 * of the session exactly once; each story's `position` becomes its index. Pushes
 * `stories_reordered {sessionId, storyIds}` and answers the stories in their new order.
 * Source: issue #8 section 3 ("reorder the queue ... persisted and pushed to everyone").
 * @throws 400 VALIDATION_ERROR when the list repeats, misses or adds a story.
 */
export async function setStoryOrder(
  ctx: AppContext,
  access: SessionAccess,
  input: StoryOrderInput,
): Promise<StoryView[]> {
  const sessionId = access.session.id;
  await ctx.db.transaction(async (tx) => {
    // The session row serialises reorders with story creation and other reorders.
    await tx
      .select({ id: pointingSessions.id })
      .from(pointingSessions)
      .where(eq(pointingSessions.id, sessionId))
      .for("update");
    const current = await tx.select({ id: stories.id }).from(stories).where(eq(stories.sessionId, sessionId));
    const known = new Set(current.map((s) => s.id));
    const sent = new Set(input.storyIds);
    if (
      sent.size !== input.storyIds.length ||
      sent.size !== known.size ||
      input.storyIds.some((id) => !known.has(id))
    ) {
      throw validationError(
        { storyIds: ["List every story of the session exactly once"] },
        "List every story of the session exactly once",
      );
    }
    // updated_at is left alone: it dates a story's last real change (time per story).
    for (const [position, id] of input.storyIds.entries()) {
      await tx.update(stories).set({ position }).where(eq(stories.id, id));
    }
  });
  await ctx.hub.publish(sessionId, { type: "stories_reordered", sessionId, storyIds: input.storyIds });
  return storyViews(ctx, sessionId);
}
