import type { StoryView } from "@pointwise/core/presented";
import { isOpenStory } from "@pointwise/core/storyRules";

/**
 * What tells the group's story: the session's chosen story, else the first open one, which the
 * server names (`currentStoryId`) when the screen holds only part of a big queue (`complete`
 * false); with the whole queue cached (the default), the cache tells it.
 */
export interface GroupStoryHint {
  activeStoryId?: string | null;
  currentStoryId?: string | null;
  complete?: boolean;
}

/** Which story the session screen shows, and whether it differs from the group's. */
export interface StorySelection {
  /** The id of the group's story, known even before the story itself is read. */
  groupStoryId: string | null;
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
 * @param group the session's chosen story and the server's current story (GroupStoryHint)
 * @param stories the cached stories in queue order
 * @param localStoryId the story this person picked in the queue, or null to follow the group
 * @param isLeader the leader drives the group and is never out of sync
 */
export function storySelection(
  group: GroupStoryHint | undefined,
  stories: StoryView[],
  localStoryId: string | null,
  isLeader: boolean,
): StorySelection {
  const groupStoryId =
    group?.activeStoryId ??
    group?.currentStoryId ??
    (group?.complete === false ? null : (stories.find(isOpenStory)?.id ?? null));
  const groupStory = groupStoryId === null ? null : (stories.find((s) => s.id === groupStoryId) ?? null);
  const localStory = stories.find((s) => s.id === localStoryId) ?? null;
  return {
    groupStoryId,
    groupStory,
    currentStory: localStory ?? groupStory,
    outOfSync: !isLeader && localStory !== null && groupStory !== null && localStory.id !== groupStory.id,
  };
}
