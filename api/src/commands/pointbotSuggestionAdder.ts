import type { CriteriaSuggestionView } from "@pointwise/core/criteriaSuggestions";
import { MAX_SUGGESTION_CHARS } from "@pointwise/core/criteriaSuggestions";
import { hasNul, wellFormed } from "@pointwise/core/text";
import type { AppContext } from "../context";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentSuggestion } from "../presenters/criteriaSuggestionPresenter";
import { ROOM_VIEWER, viewerOf } from "../presenters/participantPresenter";
import { suggestionsById } from "../queries/criteriaSuggestions";
import { lockStory } from "./criterionAppender";
import { insertPending } from "./criterionSuggester";

/** The name PointBot's suggestions carry when no engine label is given. */
export const POINTBOT_LOCAL_LABEL = "PointBot (local)";

/**
 * Stores PointBot's criteria as pending suggestions for the leader to approve or reject (issue
 * #9 section 2, POST /api/stories/{id}/generate-criteria: "AI Suggestions Generated (PointBot
 * created N suggestions for review!)") and pushes one `criteria_suggestion_added` per
 * suggestion. `contents` are the engine's criteria (`suggestCriteria` of the PointBot port):
 * each is trimmed, made well-formed, cut to MAX_SUGGESTION_CHARS; blank ones, ones with NUL,
 * ones already on the story or pending, and repeats are skipped, as are those beyond the
 * story's pending limit. Answers the suggestions created (N = its length, possibly 0), as the
 * caller sees them. Callers check suggestionPolicy.decide (leader only: "AI Generate criteria").
 * @param label the author shown: "PointBot (local)" or the model's name (issue #9 section 1)
 * @throws 404 NOT_FOUND for a story of another session
 */
export async function addPendingSuggestions(
  ctx: AppContext,
  access: SessionAccess,
  storyId: string,
  contents: readonly string[],
  label: string = POINTBOT_LOCAL_LABEL,
): Promise<CriteriaSuggestionView[]> {
  const sessionId = access.session.id;
  const cleaned = contents
    .map((c) => wellFormed(c).trim().slice(0, MAX_SUGGESTION_CHARS).trim())
    .filter((c) => c.length > 0 && !hasNul(c));
  const ids = await ctx.db.transaction(async (tx) =>
    insertPending(tx, await lockStory(tx, sessionId, storyId), cleaned, { pointbotLabel: label.slice(0, 100) }, false),
  );
  const records = await suggestionsById(ctx.db, ids);
  for (const record of records) {
    await ctx.hub.publish(sessionId, {
      type: "criteria_suggestion_added",
      sessionId,
      suggestion: presentSuggestion(record, ROOM_VIEWER),
    });
  }
  return records.map((record) => presentSuggestion(record, viewerOf(access)));
}
