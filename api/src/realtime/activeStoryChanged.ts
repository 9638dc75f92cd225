import type { AppContext } from "../context";

/** Tells the room the group's active story changed (spec part 2 section 4, active_story_changed). */
export async function publishActiveStory(ctx: AppContext, sessionId: string, storyId: string | null): Promise<void> {
  await ctx.hub.publish(sessionId, {
    type: "active_story_changed",
    sessionId,
    storyId,
    timestamp: new Date().toISOString(),
  });
}
