import { type SQL, sql } from "drizzle-orm";

/**
 * The voter key of a row, in SQL: `'u:' || user id` when the row has a user, else `'p:' || the
 * participant id` — the same text as core `voterKeyOf` (spec part 1 section 3: a vote and a
 * participant belong to exactly one of a signed-in user or a guest participant). The one place
 * this rule is written in SQL (issue #24 section 1).
 * @param userId the row's user id column, e.g. sql`sp.user_id` or sql`user_id`
 * @param participantId the row's participant id column: sql`sp.id` for a session_participants
 *   row, sql`participant_id` for a vote
 * @returns a text-valued SQL expression
 */
export function voterKeySql(userId: SQL, participantId: SQL): SQL {
  return sql`(case when ${userId} is not null then 'u:' || ${userId} else 'p:' || ${participantId} end)`;
}

/** `voterKeySql` of a session_participants row aliased `alias` (its own id is the participant id). */
export const participantVoterKeySql = (alias: string): SQL =>
  voterKeySql(sql.raw(`${alias}.user_id`), sql.raw(`${alias}.id`));

/** `voterKeySql` of a votes row (columns unqualified, or qualified by `alias`). */
export const voteVoterKeySql = (alias?: string): SQL => {
  const prefix = alias ? `${alias}.` : "";
  return voterKeySql(sql.raw(`${prefix}user_id`), sql.raw(`${prefix}participant_id`));
};
