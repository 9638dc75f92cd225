import { isOpenStory } from "@pointwise/core/storyRules";
import type { StoryStatus } from "@pointwise/core/storySchemas";
import { storyNotActive, votingClosed } from "../errors";

/** The fields of a story the round rule reads. */
export interface RoundStory {
  id: string;
  status: StoryStatus;
  votesRevealed: boolean;
}

/**
 * The rule a vote and a round timer share: the story's round is running (its votes not
 * revealed, the story open: core `isOpenStory`) and it is the group's story (`currentId`: the
 * session's active story, else the first open one, queries/storyWindow `currentStoryIdOf`;
 * issue #8 section 3). One home for "open and active" (issue #24 section 1).
 * @param notActiveMessage the STORY_NOT_ACTIVE message, when the caller words it its own way
 * @throws 409 VOTING_CLOSED once the votes are revealed, or the story is completed or skipped;
 *   409 STORY_NOT_ACTIVE when it is not the group's story
 */
export function requireRunningRound(story: RoundStory, currentId: string | null, notActiveMessage?: string): void {
  if (story.votesRevealed) throw votingClosed("Votes are already revealed for this story");
  if (!isOpenStory(story)) throw votingClosed();
  if (currentId !== story.id) throw storyNotActive(notActiveMessage);
}
