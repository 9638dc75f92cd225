import type { SessionView, StoryView } from "@pointwise/core/presented";
import { currentStory, isOpenStory } from "@pointwise/core/storyRules";
import type { PendingVote } from "./liveSessionCache";

/** The toast title when a pending vote cannot be sent (issue #8 section 5). */
export const PENDING_VOTE_REFUSED = "Your vote was not sent";
/** What the card shows under a vote made while the connection is down (issue #8 section 5). */
export const PENDING_VOTE_TEXT = "Pending — will be sent when you're back online";

/**
 * Whether a vote made offline may still go out once the fresh snapshot is applied (issue #8
 * section 5): only on the same round of the story that is still the group's open story.
 * Otherwise it is refused with a message for the person (the server would answer 409
 * VOTING_CLOSED or STORY_NOT_ACTIVE anyway).
 * @param session the session after the snapshot
 * @param stories the stories after the snapshot, in queue order
 */
export function pendingVoteVerdict(
  pending: PendingVote,
  session: Pick<SessionView, "activeStoryId"> | undefined,
  stories: StoryView[],
): { send: true } | { send: false; message: string } {
  const story = stories.find((s) => s.id === pending.storyId);
  if (!story) return { send: false, message: "The story was deleted while you were offline." };
  if (story.votesRevealed || story.round !== pending.round) {
    return { send: false, message: "The votes were revealed while you were offline." };
  }
  if (!isOpenStory(story)) {
    return { send: false, message: `The story was ${story.status} while you were offline.` };
  }
  if (currentStory(stories, session?.activeStoryId)?.id !== story.id) {
    return { send: false, message: "The team moved on to another story while you were offline." };
  }
  return { send: true };
}
