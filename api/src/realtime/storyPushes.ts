import type { ServerMessage } from "@pointwise/core/realtime";
import type { AppContext } from "../context";
import { NO_STORIES, storyCountsOf } from "../queries/sessionViews";

/** The pushes of a change to a session's stories: they carry the session's story counts. */
type StoryChange = Extract<
  ServerMessage,
  { type: "story_update" | "stories_imported" | "story_updated" | "story_status_change" }
>;

/**
 * Publishes a change to a session's stories (after its commit) with the session's story counts
 * read now (`storyStats`, issue #22 section 3): clients that hold a window of a big backlog keep
 * their counts, status and Results toggle right without the whole queue. One grouped read.
 */
export async function publishStoryChange(ctx: AppContext, frame: StoryChange): Promise<void> {
  const storyStats = (await storyCountsOf(ctx.db, [frame.sessionId])).get(frame.sessionId) ?? NO_STORIES;
  await ctx.hub.publish(frame.sessionId, { ...frame, storyStats });
}
