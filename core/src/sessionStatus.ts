import type { SessionStatus } from "./presented";
import { isOpenStory } from "./storyRules";
import type { StoryStatus } from "./storySchemas";

/**
 * A session's status (spec part 1 sections 2-3; issue #8 section 5: the same for every
 * viewer): completed when it has stories and none is open; otherwise live while its leader or
 * creator is connected, else in_progress. It depends only on the session's own state (its
 * stories and its leader's presence), never on who is looking.
 * @param openStories stories neither completed nor skipped
 */
export function sessionStatusOf(
  counts: { totalStories: number; openStories: number },
  leaderPresent: boolean,
): SessionStatus {
  if (counts.totalStories > 0 && counts.openStories === 0) return "completed";
  return leaderPresent ? "live" : "in_progress";
}

/** sessionStatusOf for a list of stories (the tab's cache). */
export function sessionStatusOfStories(
  stories: readonly { status: StoryStatus }[],
  leaderPresent: boolean,
): SessionStatus {
  return sessionStatusOf(
    { totalStories: stories.length, openStories: stories.filter(isOpenStory).length },
    leaderPresent,
  );
}
