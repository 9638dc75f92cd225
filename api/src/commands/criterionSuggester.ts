import {
  MAX_PENDING_SUGGESTIONS,
  type SuggestCriterionInput,
  type SuggestCriterionResult,
} from "@pointwise/core/criteriaSuggestions";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import { acceptanceCriteriaSuggestions } from "../db/schema";
import { permissionDenied, validationError } from "../errors";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentSuggestion } from "../presenters/criteriaSuggestionPresenter";
import { ROOM_VIEWER, viewerOf } from "../presenters/participantPresenter";
import { presentStory, type StoryRow } from "../presenters/storyPresenter";
import { pendingSuggestions, suggestionsById } from "../queries/criteriaSuggestions";
import { appendCriterion, criterionKey, lockStory } from "./criterionAppender";

/**
 * POST /api/stories/{id}/suggestions (spec part 2 sections 4 and 7; issue #9 section 2): the
 * leader's entry is appended to the story's criteria at once (`added_directly`, pushed as
 * `story_updated`); anyone else's becomes a pending suggestion for the leader
 * (`pending_approval`, pushed as `criteria_suggestion_added`). Callers check suggestionPolicy.suggest.
 * @throws 404 NOT_FOUND for a story of another session; 400 VALIDATION_ERROR for a criterion
 *   already on the story or pending, MAX_PENDING_SUGGESTIONS pending, or 50 criteria already
 */
export async function suggestCriterion(
  ctx: AppContext,
  access: SessionAccess,
  storyId: string,
  input: SuggestCriterionInput,
): Promise<SuggestCriterionResult> {
  const sessionId = access.session.id;
  if (access.isLeader) {
    const story = await ctx.db.transaction(async (tx) =>
      appendCriterion(tx, await lockStory(tx, sessionId, storyId), input.content, true),
    );
    const view = presentStory(story);
    await ctx.hub.publish(sessionId, { type: "story_updated", sessionId, story: view });
    return { type: "added_directly", content: input.content, story: view };
  }
  const author: SuggestionAuthor | null =
    access.user && access.voterKey === `u:${access.user.id}`
      ? { suggestedBy: access.user.id }
      : access.participant
        ? { participantId: access.participant.id }
        : null;
  if (!author) throw permissionDenied();
  const id = await ctx.db.transaction(async (tx) => {
    const story = await lockStory(tx, sessionId, storyId);
    const [created] = await insertPending(tx, story, [input.content], author, true);
    if (!created) throw new Error("unreachable: one suggestion inserted");
    return created;
  });
  const [record] = await suggestionsById(ctx.db, [id]);
  if (!record) throw new Error("unreachable: the suggestion was just inserted");
  await ctx.hub.publish(sessionId, {
    type: "criteria_suggestion_added",
    sessionId,
    suggestion: presentSuggestion(record, ROOM_VIEWER),
  });
  return { type: "pending_approval", suggestion: presentSuggestion(record, viewerOf(access)) };
}

/** The author of new pending suggestions: a user, a guest participant, or PointBot by its label. */
export type SuggestionAuthor = { suggestedBy: string } | { participantId: string } | { pointbotLabel: string };

/**
 * Inserts pending suggestions on a locked story and answers their ids. Contents already among
 * the story's criteria or its pending suggestions (or repeated in `contents`) are refused
 * (`strict`: 400) or skipped; so are those beyond MAX_PENDING_SUGGESTIONS (`strict`: 400).
 */
export async function insertPending(
  tx: Tx,
  story: StoryRow,
  contents: string[],
  author: SuggestionAuthor,
  strict: boolean,
): Promise<string[]> {
  const pending = await pendingSuggestions(tx, story.id);
  const seen = new Set(story.acceptanceCriteria.map(criterionKey));
  const waiting = new Set(pending.map((p) => criterionKey(p.suggestion.content)));
  const fresh: string[] = [];
  for (const content of contents) {
    const key = criterionKey(content);
    if (seen.has(key) || waiting.has(key)) {
      if (!strict) continue;
      throw validationError({
        content: [seen.has(key) ? "This criterion is already on the story" : "This criterion was already suggested"],
      });
    }
    if (pending.length + fresh.length >= MAX_PENDING_SUGGESTIONS) {
      if (!strict) break;
      throw validationError({
        content: [`At most ${MAX_PENDING_SUGGESTIONS} suggestions can wait for approval on a story`],
      });
    }
    waiting.add(key);
    fresh.push(content);
  }
  if (fresh.length === 0) return [];
  // One millisecond apart, so they list in the order given.
  const now = Date.now();
  const rows = await tx
    .insert(acceptanceCriteriaSuggestions)
    .values(
      fresh.map((content, i) => ({
        storyId: story.id,
        content,
        ...author,
        createdAt: new Date(now + i),
        updatedAt: new Date(now + i),
      })),
    )
    .returning({ id: acceptanceCriteriaSuggestions.id });
  return rows.map((r) => r.id);
}
