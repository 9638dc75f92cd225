import type { StoryStatus } from "@pointwise/core/storySchemas";

/**
 * What PointBot's insight rules read of a session (issue #9 section 2), loaded by
 * queries/insightFacts.ts. Only revealed points appear: an unrevealed vote is no fact anyone may
 * learn (DESIGN.md "Vote secrecy"). Times are Dates; points are numbers (the `?` and coffee
 * cards are never here).
 */
export interface SessionFacts {
  sessionId: string;
  title: string;
  /** Stories in queue order. */
  stories: StoryFacts[];
}

/** One story and its rounds. */
export interface StoryFacts {
  id: string;
  title: string;
  ticketNumber: string | null;
  description: string | null;
  acceptanceCriteria: string[];
  status: StoryStatus;
  finalPoints: number | null;
  /** The round being voted now (1 on a story never re-voted). */
  round: number;
  /** Points of the current round once revealed, else []. */
  revealedPoints: number[];
  /** Earlier rounds (story_rounds), oldest first: their points when they were revealed, else []. */
  earlierRounds: { round: number; points: number[]; endedAt: Date }[];
  /** When the first vote on the story was cast (any round), null when nobody voted. */
  firstVoteAt: Date | null;
  /** Last change of the story row: the completion or skip time of a finished story. */
  updatedAt: Date;
}

/** Point suggestion from the team's history for a story (issue #9 section 3; another module computes it). */
export interface HistorySuggestion {
  points: number;
  low: number;
  high: number;
}
