import { z } from "zod";
import type { SuggestionStatus } from "./enumerations";
import type { StoryView } from "./presented";
import { text } from "./text";

/**
 * Acceptance-criteria suggestions (spec part 2 sections 3, 4, 6 and 7; issue #9 section 2):
 * the body of POST /api/stories/{id}/suggestions, the presented suggestion and the answers.
 */

/** Most characters of one criterion or suggestion, before trimming (as a story's criterion, storySchemas). */
export const MAX_SUGGESTION_CHARS = 1000;
/** Most pending suggestions one story holds at a time; more answer 400 (a guest cannot flood the leader). */
export const MAX_PENDING_SUGGESTIONS = 50;

/**
 * POST /api/stories/{id}/suggestions body: `content` is trimmed and cannot be empty (spec part 2
 * section 5: "A new criterion or suggestion is trimmed and cannot be empty").
 */
export const suggestCriterionSchema = z.object({
  content: text("Content", { error: "Content is required", max: MAX_SUGGESTION_CHARS })
    .trim()
    .min(1, "Content cannot be empty"),
});
/** A validated suggestion body. */
export type SuggestCriterionInput = z.infer<typeof suggestCriterionSchema>;

/**
 * Who made a suggestion (spec part 2 section 3: suggestedBy {firstName, email}). `firstName` is
 * the name people see: a user's first name (else their session name), a guest's display name,
 * or PointBot's label ("PointBot (local)" or the model's name). `email` only for the session
 * leader and the author themself (REST; pushes never carry it, issue #7).
 */
export interface SuggestionAuthorView {
  firstName: string;
  email?: string | null;
  /** `u:<userId>` or `p:<participantId>` of the author; null for PointBot. */
  voterKey: string | null;
  /** True when PointBot made it (POST /api/stories/{id}/generate-criteria). */
  pointbot: boolean;
}

/** A criteria suggestion as clients see it (spec part 2 section 3, "Criteria suggestion"). */
export interface CriteriaSuggestionView {
  id: string;
  storyId: string;
  sessionId: string;
  content: string;
  status: SuggestionStatus;
  suggestedBy: SuggestionAuthorView;
  createdAt: string;
}

/**
 * Answer of POST /api/stories/{id}/suggestions (spec part 2 section 7): `added_directly` when
 * the leader added the criterion to the story at once, `pending_approval` when a non-leader's
 * entry waits for the leader ("Suggestion Submitted").
 */
export type SuggestCriterionResult =
  | { type: "added_directly"; content: string; story: StoryView }
  | { type: "pending_approval"; suggestion: CriteriaSuggestionView };

/** Answer of POST /api/suggestions/{id}/approve: the approved suggestion and the story with the new criterion. */
export interface ApproveSuggestionResult {
  suggestion: CriteriaSuggestionView;
  story: StoryView;
}
