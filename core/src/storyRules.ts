import type { StoryStatus } from "./storySchemas";

/**
 * Statuses of a story still to estimate: neither completed nor skipped (spec part 2 section 2,
 * "the first story that is neither completed nor skipped"). SQL filters use this list as their
 * parameters, so the database and `isOpenStory` read the same data.
 */
export const OPEN_STORY_STATUSES = ["pending", "voting", "blocked"] as const satisfies readonly StoryStatus[];

/** True while a story is still to estimate: votes may be cast and the group may move to it. */
export function isOpenStory(story: { status: StoryStatus }): boolean {
  return (OPEN_STORY_STATUSES as readonly StoryStatus[]).includes(story.status);
}

/**
 * The group's current story (spec part 2 section 2: "The current story is the chosen one,
 * otherwise the first story that is neither completed nor skipped").
 * @param stories the session's stories in queue order (position, then creation)
 * @param activeStoryId the session's chosen story, if any; it wins whatever its status
 * @returns the chosen story, else the first open one, else null
 */
export function currentStory<S extends { id: string; status: StoryStatus }>(
  stories: readonly S[],
  activeStoryId: string | null | undefined,
): S | null {
  return stories.find((s) => s.id === activeStoryId) ?? stories.find(isOpenStory) ?? null;
}
