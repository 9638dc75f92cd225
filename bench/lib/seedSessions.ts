/**
 * Seeds many sessions of guest participants directly in the database, for the benches that
 * hold thousands of clients (the API allows 3 sessions per free user and rate-limits joins
 * per IP). Tokens are random and only their SHA-256 is stored, as the server does
 * (api/src/auth/participantTokens.ts).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";

/** One seeded session: ids, and per guest its participant id and token (same order). */
export interface SeededSession {
  id: string;
  /** The one story, already in "voting". */
  storyId: string;
  participantIds: string[];
  tokens: string[];
}

/**
 * Builds the seed SQL: one creator user, `sessions` sessions (max_participants = size),
 * one story in "voting" per session (its active story) and `size` anonymous participants per session.
 * @returns the statements (run them with `execSql`) and the sessions they create
 */
export function seedSessions(
  sessions: number,
  size: number,
): { statements: { text: string; values: unknown[] }[]; list: SeededSession[] } {
  const userId = randomUUID();
  const list: SeededSession[] = [];
  const pIds: string[] = [];
  const pSessions: string[] = [];
  const pNames: string[] = [];
  const pHashes: string[] = [];
  for (let s = 0; s < sessions; s++) {
    const seeded: SeededSession = { id: randomUUID(), storyId: randomUUID(), participantIds: [], tokens: [] };
    for (let p = 0; p < size; p++) {
      const token = randomBytes(32).toString("base64url");
      const participantId = randomUUID();
      seeded.tokens.push(token);
      seeded.participantIds.push(participantId);
      pIds.push(participantId);
      pSessions.push(seeded.id);
      pNames.push(`Guest ${s}-${p}`);
      pHashes.push(createHash("sha256").update(token).digest("hex"));
    }
    list.push(seeded);
  }
  const statements = [
    {
      text: "INSERT INTO users (id, email, first_name, last_name) VALUES ($1, $2, 'Bench', 'Capacity')",
      values: [userId, `capacity-${Date.now()}@example.com`],
    },
    {
      text: `INSERT INTO pointing_sessions (id, title, creator_id, leader_id, max_participants)
             SELECT id, 'Capacity ' || ord, $2::uuid, $2::uuid, $3::int FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, ord)`,
      values: [list.map((s) => s.id), userId, size],
    },
    {
      text: `INSERT INTO stories (id, session_id, title, status)
             SELECT id, sid, 'Story', 'voting' FROM unnest($1::uuid[], $2::uuid[]) AS t(id, sid)`,
      values: [list.map((s) => s.storyId), list.map((s) => s.id)],
    },
    {
      // As the API does: a session's first story becomes its active one (commands/storyAppender).
      text: `UPDATE pointing_sessions ps SET active_story_id = t.id
             FROM unnest($1::uuid[], $2::uuid[]) AS t(id, sid) WHERE ps.id = t.sid`,
      values: [list.map((s) => s.storyId), list.map((s) => s.id)],
    },
    {
      text: `INSERT INTO session_participants (id, session_id, display_name, is_anonymous, role, token_hash)
             SELECT id, sid, name, true, 'participant', hash
             FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) AS t(id, sid, name, hash)`,
      values: [pIds, pSessions, pNames, pHashes],
    },
  ];
  return { statements, list };
}
