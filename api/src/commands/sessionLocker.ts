import { sessionLimit } from "@pointwise/core/plans";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/database";
import { pointingSessions } from "../db/schema";

/**
 * Locks and unlocks a user's own sessions for `plan` (DESIGN.md "Decisions"; issue #11 section
 * 2): on a plan with a limit, the `limit` most recently updated sessions (updated_at, then
 * created_at, newest first) stay unlocked and the others are locked; on an unlimited plan every
 * session is unlocked. Archived sessions count like the others, as they do for the limit.
 * `updated_at` itself is not touched, so the order is stable across repeated calls.
 */
export async function applySessionLocks(tx: Tx, userId: string, plan: string): Promise<void> {
  const limit = sessionLimit(plan);
  if (limit === null) {
    await tx
      .update(pointingSessions)
      .set({ locked: false })
      .where(and(eq(pointingSessions.creatorId, userId), eq(pointingSessions.locked, true)));
    return;
  }
  await tx.execute(sql`
    UPDATE pointing_sessions SET locked = id NOT IN (
      SELECT id FROM pointing_sessions WHERE creator_id = ${userId}
      ORDER BY updated_at DESC, created_at DESC, id DESC LIMIT ${limit}
    )
    WHERE creator_id = ${userId}`);
}
