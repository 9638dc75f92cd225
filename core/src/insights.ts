import type { INSIGHT_CATEGORIES, INSIGHT_PRIORITIES, INSIGHT_TYPES } from "./enumerations";
import type { SuggestionAccuracy } from "./estimates/suggestionView";

/**
 * PointBot's session insights and the session summary as the API answers them (issue #9
 * section 2; spec part 1 section 3 `ai_insights`, spec part 2 sections 3, 7 and 9).
 */

/** Insight icons by name (spec part 2 section 9). */
export const INSIGHT_ICONS = [
  "lightbulb",
  "exclamation-triangle",
  "chart-line",
  "shield-alt",
  "calculator",
  "check-square",
  "bullseye",
  "clock",
  "users",
  "bolt",
] as const;

/** One insight icon name. */
export type InsightIcon = (typeof INSIGHT_ICONS)[number];
/** suggestion, warning, risk, optimization, info, error (spec part 1 section 3). */
export type InsightType = (typeof INSIGHT_TYPES)[number];
/** critical, high, medium, low, info (spec part 1 section 3). */
export type InsightPriority = (typeof INSIGHT_PRIORITIES)[number];
/** technical, estimation, process, edge_cases, security, performance, collaboration (spec part 1 section 3). */
export type InsightCategory = (typeof INSIGHT_CATEGORIES)[number];

/** The plans that include AI insights (spec part 2 section 6: basic and pro; enterprise is above pro). */
export const INSIGHT_PLANS = ["basic", "pro", "enterprise"] as const;

/**
 * An insight as `GET /api/sessions/{id}/insights` answers it (spec part 2 section 3 "Insight";
 * spec part 1 section 3 `ai_insights`). `storyId` is set when it is about one story; times are ISO 8601.
 */
/**
 * What every insight says, stored or only drafted (spec part 1 section 3 `ai_insights`): the story
 * it is about (null for the whole session), its kind, and the text and icon shown.
 */
export interface InsightContent {
  storyId: string | null;
  type: InsightType;
  priority: InsightPriority;
  category: InsightCategory;
  title: string;
  message: string;
  icon: InsightIcon;
}

export interface InsightView extends InsightContent {
  id: string;
  sessionId: string;
  impact: string | null;
  recommendation: string | null;
  riskFactors: string[];
  metadata: Record<string, unknown> | null;
  generatedAt: string;
  createdAt: string;
}

/**
 * `GET /api/sessions/{id}/summary` (spec part 2 sections 3 and 7: consensusRate, actionItems).
 * Figures come from core `sessionSummary` (the results view and the bot's card use the same
 * function); durations are measured from the session's own timestamps, in minutes.
 */
export interface SessionSummaryView {
  sessionId: string;
  title: string;
  /** 0-100, spec part 2 section 9; null when no story is completed. */
  consensusRate: number | null;
  /** What to do next, derived from PointBot's insight rules (most important first). */
  actionItems: string[];
  completedStories: number;
  skippedStories: number;
  totalStories: number;
  totalPoints: number;
  /** Mean final points of the completed stories with points, 1 decimal; null when none. */
  averagePoints: number | null;
  /** Participants (not removed) of the session. */
  participants: number;
  /**
   * Minutes from the session's first vote to the last story finished (completed or skipped),
   * 1 decimal; null before any vote. Replaces the spec's placeholder "1.2 hours".
   */
  durationMinutes: number | null;
  /** Mean minutes per finished story (first vote to completion), 1 decimal; null when none is measured. */
  averageMinutesPerStory: number | null;
  /** Rounds voted over the finished stories (a story re-voted with New Round counts each round). */
  rounds: number;
  stories: { id: string; title: string; ticketNumber: string | null; points: number | null; rounds: number }[];
  /**
   * How often this session's final points matched PointBot's history suggestion recorded at
   * completion (issue #9 section 3): equal points, within the suggested range, out of the completed
   * stories that had a suggestion.
   */
  suggestionAccuracy?: SuggestionAccuracy;
  /** The same over the session's history scope (the team's sessions, or the creator's without a team): accuracy over time. */
  historyAccuracy?: SuggestionAccuracy;
}

/** `1.2 hours`, `25 min` or `< 1 min` for a duration in minutes; `-` when unknown. */
export function formatDuration(minutes: number | null): string {
  if (minutes === null) return "-";
  if (minutes < 0.5) return "< 1 min";
  if (minutes < 60) return `${Math.max(0, Math.round(minutes))} min`;
  return `${(Math.round((minutes / 60) * 10) / 10).toFixed(1)} hours`;
}
