import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions, stories } from "../db/schema";
import { notFound } from "../errors";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentStory } from "../presenters/storyPresenter";
import { nextOpenStoryId, setActiveStoryId } from "../queries/activeStory";
import { publishActiveStory } from "../realtime/activeStoryChanged";
import { publishStoryChange } from "../realtime/storyPushes";

/**
 * Deletes a story and its votes (leader only); if it was the group's active story the group
 * moves on to the next open one.
 * @throws 404 for a story of another session.
 */
export async function deleteStory(ctx: AppContext, access: SessionAccess, storyId: string): Promise<void> {
  const sessionId = access.session.id;
  const outcome = await ctx.db.transaction(async (tx) => {
    const [story] = await tx.select().from(stories).where(eq(stories.id, storyId)).for("update");
    if (!story || story.sessionId !== sessionId) throw notFound("Story not found");
    const [session] = await tx
      .select({ activeStoryId: pointingSessions.activeStoryId })
      .from(pointingSessions)
      .where(eq(pointingSessions.id, sessionId))
      .for("update");
    await tx.delete(stories).where(eq(stories.id, story.id));
    let next: string | null | undefined;
    if (session?.activeStoryId === story.id) {
      next = await nextOpenStoryId(tx, sessionId, story.position);
      await setActiveStoryId(tx, sessionId, next);
    }
    return { story, next };
  });
  await publishStoryChange(ctx, {
    type: "story_update",
    sessionId,
    action: "deleted",
    story: presentStory(outcome.story),
  });
  if (outcome.next !== undefined) await publishActiveStory(ctx, sessionId, outcome.next);
}
