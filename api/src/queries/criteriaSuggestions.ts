import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { acceptanceCriteriaSuggestions, sessionParticipants, stories, users } from "../db/schema";
import type { SuggestionRecord } from "../presenters/criteriaSuggestionPresenter";

/**
 * Suggestions with their authors (user, guest participant) and their story's session, in the
 * order they were made; `where` picks them (by story and status, or by id).
 */
async function suggestionRecords(db: Db | Tx, where: SQL | undefined): Promise<SuggestionRecord[]> {
  const rows = await db
    .select({
      suggestion: acceptanceCriteriaSuggestions,
      sessionId: stories.sessionId,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      participant: { id: sessionParticipants.id, displayName: sessionParticipants.displayName },
    })
    .from(acceptanceCriteriaSuggestions)
    .innerJoin(stories, eq(stories.id, acceptanceCriteriaSuggestions.storyId))
    .leftJoin(users, eq(users.id, acceptanceCriteriaSuggestions.suggestedBy))
    .leftJoin(sessionParticipants, eq(sessionParticipants.id, acceptanceCriteriaSuggestions.participantId))
    .where(where)
    .orderBy(asc(acceptanceCriteriaSuggestions.createdAt), asc(acceptanceCriteriaSuggestions.id));
  return rows;
}

/** A story's pending suggestions, oldest first (GET /api/stories/{id}/suggestions). */
export function pendingSuggestions(db: Db | Tx, storyId: string): Promise<SuggestionRecord[]> {
  return suggestionRecords(
    db,
    and(eq(acceptanceCriteriaSuggestions.storyId, storyId), eq(acceptanceCriteriaSuggestions.status, "pending")),
  );
}

/** Suggestions by id, with their authors (after an insert or a decision). */
export function suggestionsById(db: Db | Tx, ids: string[]): Promise<SuggestionRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return suggestionRecords(db, inArray(acceptanceCriteriaSuggestions.id, ids));
}
