import { consensusRate, roundTo1 } from "./consensus";
import type { StoryStatus } from "./storySchemas";

/** What the summary reads of a story. */
export interface SummaryStory {
  id: string;
  status: StoryStatus;
  finalPoints: number | null;
}

/** What the summary reads of a vote: `points` absent or null when hidden or `?`. */
export interface SummaryVote {
  storyId: string;
  points?: number | null;
}

/** The session summary figures, with the completed and skipped stories in the given order. */
export interface SessionSummary<S extends SummaryStory> {
  completed: S[];
  skipped: S[];
  /** Sum of the completed stories' final points (none counts 0), to 1 decimal. */
  totalPoints: number;
  /** totalPoints over the completed stories that have final points, to 1 decimal; null when none has. */
  averagePoints: number | null;
  /** consensusRate of the completed stories' votes, 0-100; null when none is completed. */
  consensusRate: number | null;
}

/**
 * The figures of the session summary card, Session Stats and Session Results (spec part 2
 * section 7, teams-message: completedStories, totalPoints, averagePoints, consensusRate;
 * section 9: average rounded to 1 decimal, consensus rate over completed stories).
 * @param stories the session's stories in queue order
 * @param votes votes of (at least) the completed stories, as the caller may see them
 */
export function sessionSummary<S extends SummaryStory>(
  stories: readonly S[],
  votes: readonly SummaryVote[],
): SessionSummary<S> {
  const completed = stories.filter((s) => s.status === "completed");
  // Points have one decimal place (½ card): round so 0.1 + 0.2 shows as 0.3.
  const totalPoints = roundTo1(completed.reduce((sum, s) => sum + (s.finalPoints ?? 0), 0));
  const pointed = completed.filter((s) => s.finalPoints !== null).length;
  return {
    completed,
    skipped: stories.filter((s) => s.status === "skipped"),
    totalPoints,
    averagePoints: pointed > 0 ? roundTo1(totalPoints / pointed) : null,
    consensusRate: consensusRate(
      completed.map((s) => votes.filter((v) => v.storyId === s.id).map((v) => v.points ?? null)),
    ),
  };
}
