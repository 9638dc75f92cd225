import type { StoryView } from "@pointwise/core/presented";
import type { MoveStoryInput } from "@pointwise/core/storySchemas";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions, stories } from "../db/schema";
import { notFound, validationError } from "../errors";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentStory } from "../presenters/storyPresenter";
import { placeStoryAfter } from "./storyPlacer";

/**
 * Moves a story of the session (leader) right after another, or first (issue #22 section 2:
 * drag and drop and Move up/down in a queue of any length, where PUT .../story-order would need
 * every id). Pushes `story_moved {sessionId, storyId, afterStoryId}` after the commit.
 * @throws 400 VALIDATION_ERROR when `afterStoryId` is the story itself or not a story of the session
 * @throws 404 NOT_FOUND when the story is gone
 */
export async function moveStory(
  ctx: AppContext,
  access: SessionAccess,
  storyId: string,
  input: MoveStoryInput,
): Promise<StoryView> {
  const sessionId = access.session.id;
  const moved = await ctx.db.transaction(async (tx) => {
    // The session row serialises moves with story creation, imports and reorders.
    await tx
      .select({ id: pointingSessions.id })
      .from(pointingSessions)
      .where(eq(pointingSessions.id, sessionId))
      .for("update");
    const placed = await placeStoryAfter(tx, sessionId, storyId, input.afterStoryId);
    if (!placed) {
      throw validationError(
        { afterStoryId: ["Pick another story of this session"] },
        "Pick another story of this session",
      );
    }
    const [row] = await tx.select().from(stories).where(eq(stories.id, storyId));
    if (!row) throw notFound("Story not found");
    return row;
  });
  await ctx.hub.publish(sessionId, { type: "story_moved", sessionId, storyId, afterStoryId: input.afterStoryId });
  return presentStory(moved);
}
