import type { SessionView, StoryView } from "@pointwise/core/presented";
import { currentStory } from "@pointwise/core/storyRules";

/** Which story the session screen shows, and whether it differs from the group's. */
export interface StorySelection {
  /** The group's story: core currentStory (the session's active story, else the first open one). */
  groupStory: StoryView | null;
  /** The story shown: the locally chosen one while it exists, else the group's. */
  currentStory: StoryView | null;
  /** A non-leader looks at another story than the group's (Out of sync banner). */
  outOfSync: boolean;
}

/**
 * Picks the session screen's stories (spec part 2 section 2: "The current story is the chosen
 * one, otherwise the first story that is neither completed nor skipped").
 * @param stories the cached stories in queue order
 * @param localStoryId the story this person picked in the queue, or null to follow the group
 * @param isLeader the leader drives the group and is never out of sync
 */
export function storySelection(
  session: Pick<SessionView, "activeStoryId"> | undefined,
  stories: StoryView[],
  localStoryId: string | null,
  isLeader: boolean,
): StorySelection {
  const groupStory = currentStory(stories, session?.activeStoryId);
  const localStory = stories.find((s) => s.id === localStoryId) ?? null;
  return {
    groupStory,
    currentStory: localStory ?? groupStory,
    outOfSync: !isLeader && localStory !== null && groupStory !== null && localStory.id !== groupStory.id,
  };
}
