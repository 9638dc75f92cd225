import { isUuid } from "@pointwise/core/ids";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { acceptanceCriteriaSuggestions, stories } from "../db/schema";
import { notFound, permissionDenied, sessionLocked } from "../errors";
import type { SuggestionRow } from "../presenters/criteriaSuggestionPresenter";
import { loadSessionAccess, type SessionAccess, sessionPolicy } from "./sessionPolicy";

/**
 * Who may do what with acceptance criteria and their suggestions (spec part 2 section 6):
 * "Session leader only: edit or remove criteria, AI Generate criteria, approve or reject
 * suggestions"; "Non-leader members: suggest criteria". 401 without an identity, 403 otherwise.
 */
export const suggestionPolicy = {
  /** See a story's pending suggestions: any member (a removed participant is refused). */
  view(access: SessionAccess): void {
    sessionPolicy.view(access);
  },
  /**
   * Suggest a criterion (the leader's is added directly): any member, observers included
   * (suggesting is not voting), in an unlocked session that is not archived.
   */
  suggest(access: SessionAccess): void {
    sessionPolicy.view(access);
    if (access.session.locked) throw sessionLocked();
    if (access.session.archivedAt) throw permissionDenied("This session is archived");
  },
  /** Approve, reject, or have PointBot suggest (generate-criteria): the leader. */
  decide(access: SessionAccess): void {
    sessionPolicy.lead(access);
    if (access.session.archivedAt) throw permissionDenied("This session is archived");
  },
};

/**
 * A suggestion, its story's session id and the caller's access to that session.
 * @throws 404 NOT_FOUND for an unknown suggestion (or a malformed id)
 */
export async function loadSuggestionAccess(
  ctx: AppContext,
  request: FastifyRequest,
  suggestionId: string,
): Promise<{ suggestion: SuggestionRow; access: SessionAccess }> {
  const [row] = isUuid(suggestionId)
    ? await ctx.db
        .select({ suggestion: acceptanceCriteriaSuggestions, sessionId: stories.sessionId })
        .from(acceptanceCriteriaSuggestions)
        .innerJoin(stories, eq(stories.id, acceptanceCriteriaSuggestions.storyId))
        .where(eq(acceptanceCriteriaSuggestions.id, suggestionId))
    : [];
  if (!row) throw notFound("Suggestion not found");
  const access = await loadSessionAccess(ctx.db, request, row.sessionId);
  return { suggestion: row.suggestion, access };
}
