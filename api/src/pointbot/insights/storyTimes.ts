import type { SessionFacts, StoryFacts } from "./sessionFacts";

/**
 * Measured time on stories (issue #9 section 2, "time spent per story"; the summary's duration
 * instead of the spec's placeholder 1.2 hours). The database keeps no "voting started" time,
 * so a story's time runs from its first vote (earliest over its rounds) to its row's last change
 * once finished (completed or skipped: the leader's Next Story or Skip Story sets it). A story
 * edited after it was finished reads longer; one finished without any vote is not measured.
 */

const MINUTE_MS = 60_000;

/** True for a completed or skipped story. */
export const isFinished = (s: StoryFacts): boolean => s.status === "completed" || s.status === "skipped";

/** Minutes from the first vote to the finish of a finished story; null when not measurable. */
export function storyMinutes(s: StoryFacts): number | null {
  if (!isFinished(s) || s.firstVoteAt === null) return null;
  return Math.max(0, (s.updatedAt.getTime() - s.firstVoteAt.getTime()) / MINUTE_MS);
}

/**
 * Minutes from the session's first vote to its last finished story (or, with none finished,
 * null). Rounded to 1 decimal.
 */
export function sessionMinutes(facts: SessionFacts): number | null {
  const starts = facts.stories.flatMap((s) => (s.firstVoteAt ? [s.firstVoteAt.getTime()] : []));
  const ends = facts.stories.filter(isFinished).map((s) => s.updatedAt.getTime());
  if (starts.length === 0 || ends.length === 0) return null;
  return Math.round(((Math.max(...ends) - Math.min(...starts)) / MINUTE_MS) * 10) / 10;
}

/** Median of some numbers (mean of the middle two for an even count); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
