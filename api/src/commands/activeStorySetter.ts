import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { stories } from "../db/schema";
import { notFound } from "../errors";
import type { SessionAccess } from "../policies/sessionPolicy";
import { setActiveStoryId } from "../queries/activeStory";
import { publishActiveStory } from "../realtime/activeStoryChanged";
import { clearRoundTimers, publishTimersStopped } from "./timerStopper";

/**
 * Sets the group's active story (leader only, spec part 2 section 4). Round timers of the
 * session's other stories stop (issue #8 section 2).
 * @throws 404 when the story is not in this session.
 */
export async function setActiveStory(ctx: AppContext, access: SessionAccess, storyId: string): Promise<void> {
  const stoppedTimers = await ctx.db.transaction(async (tx) => {
    const [story] = await tx.select({ sessionId: stories.sessionId }).from(stories).where(eq(stories.id, storyId));
    if (!story || story.sessionId !== access.session.id) throw notFound("Story not found");
    await setActiveStoryId(tx, access.session.id, storyId);
    return clearRoundTimers(tx, access.session.id, storyId);
  });
  access.session.activeStoryId = storyId;
  await publishActiveStory(ctx, access.session.id, storyId);
  await publishTimersStopped(ctx, access.session.id, stoppedTimers);
}
