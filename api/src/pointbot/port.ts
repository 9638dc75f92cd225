import type { StoryAnalysis } from "@pointwise/core/pointbotSchemas";

/** A story as PointBot reads it for an analysis: its title and optional description. */
export interface StoryDraft {
  title: string;
  description?: string | null;
  /**
   * Hook for the estimate model (issue #9 section 3): a complexity reading from the team's
   * history (e.g. "5 points, likely 3-8, like KEY-1"). When given, the engines use it for
   * `estimationFactors.complexity` instead of their own text-based reading.
   */
  complexityHint?: string;
}

/** An existing story for criteria suggestions: its text and the criteria it already has. */
export interface StoryForCriteria {
  title: string;
  description?: string | null;
  acceptanceCriteria: string[];
}

/**
 * PointBot's port (issue #9 section 1): one interface, two engines chosen at start-up
 * (`createPointBotEngine` in engineFactory.ts): `openai` when OPENAI_API_KEY is set, else `local`.
 * Nothing is stored by an engine; callers store what they keep.
 */
export interface PointBotEngine {
  /** Which engine answers: shown in GET /api/health as `ai`. */
  readonly kind: "openai" | "local";
  /** What the UI shows next to PointBot's output: "PointBot (local)" or the model's name. */
  readonly label: string;
  /**
   * The enhanced description analysis of spec part 2 section 3 for a story draft.
   * @throws AppError 502 AI_UNAVAILABLE when the model fails, times out or answers off-schema.
   */
  analyzeStory(story: StoryDraft): Promise<StoryAnalysis>;
  /**
   * New acceptance criteria for an existing story (issue #9 section 2, generate-criteria):
   * 1-10 criteria, none repeating one the story already has (case-insensitive).
   * @throws AppError 502 AI_UNAVAILABLE as analyzeStory.
   */
  suggestCriteria(story: StoryForCriteria): Promise<string[]>;
}
