import type { ApproveSuggestionResult, CriteriaSuggestionView } from "@pointwise/core/criteriaSuggestions";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import { acceptanceCriteriaSuggestions } from "../db/schema";
import { notFound } from "../errors";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentSuggestion, type SuggestionRow } from "../presenters/criteriaSuggestionPresenter";
import { ROOM_VIEWER, viewerOf } from "../presenters/participantPresenter";
import { presentStory } from "../presenters/storyPresenter";
import { suggestionsById } from "../queries/criteriaSuggestions";
import { appendCriterion, lockStory } from "./criterionAppender";

/**
 * Locks a pending suggestion of the session's story (after the story: the same order as every
 * writer, so no deadlock) and marks it `status`.
 * @throws 404 NOT_FOUND when it is gone or no longer pending (approved or rejected meanwhile)
 */
async function decide(
  tx: Tx,
  storyId: string,
  suggestionId: string,
  status: "approved" | "rejected",
): Promise<SuggestionRow> {
  const [row] = await tx
    .select()
    .from(acceptanceCriteriaSuggestions)
    .where(and(eq(acceptanceCriteriaSuggestions.id, suggestionId), eq(acceptanceCriteriaSuggestions.storyId, storyId)))
    .for("update");
  if (row?.status !== "pending") throw notFound("Suggestion not found or already handled");
  const [updated] = await tx
    .update(acceptanceCriteriaSuggestions)
    .set({ status, updatedAt: new Date() })
    .where(eq(acceptanceCriteriaSuggestions.id, row.id))
    .returning();
  if (!updated) throw notFound("Suggestion not found");
  return updated;
}

/**
 * POST /api/suggestions/{id}/approve (leader; spec part 2 section 4): the suggestion becomes
 * `approved` and its content the story's last criterion (not added twice when the story has
 * it already); pushes `criteria_suggestion_approved` with the story.
 * @throws 404 NOT_FOUND when it is not pending; 400 VALIDATION_ERROR with 50 criteria already
 */
export async function approveSuggestion(
  ctx: AppContext,
  access: SessionAccess,
  suggestion: SuggestionRow,
): Promise<ApproveSuggestionResult> {
  const sessionId = access.session.id;
  const story = await ctx.db.transaction(async (tx) => {
    const locked = await lockStory(tx, sessionId, suggestion.storyId);
    const approved = await decide(tx, locked.id, suggestion.id, "approved");
    return appendCriterion(tx, locked, approved.content, false);
  });
  const [record] = await suggestionsById(ctx.db, [suggestion.id]);
  if (!record) throw notFound("Suggestion not found");
  const storyView = presentStory(story);
  await ctx.hub.publish(sessionId, {
    type: "criteria_suggestion_approved",
    sessionId,
    suggestion: presentSuggestion(record, ROOM_VIEWER),
    story: storyView,
  });
  return { suggestion: presentSuggestion(record, viewerOf(access)), story: storyView };
}

/**
 * DELETE /api/suggestions/{id} (leader; spec part 2 section 4): the suggestion becomes
 * `rejected` (kept, no longer listed); pushes `criteria_suggestion_rejected`.
 * @throws 404 NOT_FOUND when it is not pending
 */
export async function rejectSuggestion(
  ctx: AppContext,
  access: SessionAccess,
  suggestion: SuggestionRow,
): Promise<CriteriaSuggestionView> {
  const sessionId = access.session.id;
  await ctx.db.transaction(async (tx) => {
    const locked = await lockStory(tx, sessionId, suggestion.storyId);
    await decide(tx, locked.id, suggestion.id, "rejected");
  });
  const [record] = await suggestionsById(ctx.db, [suggestion.id]);
  if (!record) throw notFound("Suggestion not found");
  await ctx.hub.publish(sessionId, {
    type: "criteria_suggestion_rejected",
    sessionId,
    suggestion: presentSuggestion(record, ROOM_VIEWER),
  });
  return presentSuggestion(record, viewerOf(access));
}
