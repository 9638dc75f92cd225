import type { StoryView } from "@pointwise/core/presented";
import type { stories } from "../db/schema";

/** A row of `stories`. */
export type StoryRow = typeof stories.$inferSelect;

/** A story as the client sees it; `jiraSync` only once a write-back to Jira was attempted. */
export function presentStory(story: StoryRow): StoryView {
  return {
    id: story.id,
    sessionId: story.sessionId,
    teamId: story.teamId,
    title: story.title,
    description: story.description,
    acceptanceCriteria: story.acceptanceCriteria,
    ticketNumber: story.ticketNumber,
    status: story.status,
    finalPoints: story.finalPoints,
    consensus: story.consensus,
    votesRevealed: story.votesRevealed,
    round: story.round,
    position: story.position,
    timerEndsAt: story.timerEndsAt?.toISOString() ?? null,
    createdAt: story.createdAt.toISOString(),
    updatedAt: story.updatedAt.toISOString(),
    // Only after a write-back was attempted (issue #12 section 4): absent otherwise.
    ...(story.jiraSyncStatus && story.jiraSyncAt
      ? {
          jiraSync: {
            status: story.jiraSyncStatus,
            ...(story.jiraSyncError ? { error: story.jiraSyncError } : {}),
            at: story.jiraSyncAt.toISOString(),
          },
        }
      : {}),
  };
}
