import { sessionLimit } from "@pointwise/core/plans";
import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import { pointingSessions } from "../db/schema";
import { sessionView } from "../queries/sessionViews";

/**
 * Locks and unlocks a user's own sessions for `plan` (DESIGN.md "Decisions"; issue #11 section
 * 2): on a plan with a limit, the `limit` most recently updated sessions (updated_at, then
 * created_at, newest first) stay unlocked and the others are locked; on an unlimited plan every
 * session is unlocked. Archived sessions count like the others, as they do for the limit.
 * `updated_at` itself is not touched, so the order is stable across repeated calls.
 * @returns ids of the sessions whose `locked` changed (to publish after commit).
 */
export async function applySessionLocks(tx: Tx, userId: string, plan: string): Promise<string[]> {
  const limit = sessionLimit(plan);
  const own = eq(pointingSessions.creatorId, userId);
  if (limit === null) {
    const unlocked = await tx
      .update(pointingSessions)
      .set({ locked: false })
      .where(and(own, eq(pointingSessions.locked, true)))
      .returning({ id: pointingSessions.id });
    return unlocked.map((r) => r.id);
  }
  const kept = (
    await tx
      .select({ id: pointingSessions.id })
      .from(pointingSessions)
      .where(own)
      .orderBy(desc(pointingSessions.updatedAt), desc(pointingSessions.createdAt), desc(pointingSessions.id))
      .limit(limit)
  ).map((r) => r.id);
  const unlocked =
    kept.length === 0
      ? []
      : await tx
          .update(pointingSessions)
          .set({ locked: false })
          .where(and(own, eq(pointingSessions.locked, true), inArray(pointingSessions.id, kept)))
          .returning({ id: pointingSessions.id });
  const locked = await tx
    .update(pointingSessions)
    .set({ locked: true })
    .where(
      and(own, eq(pointingSessions.locked, false), ...(kept.length ? [notInArray(pointingSessions.id, kept)] : [])),
    )
    .returning({ id: pointingSessions.id });
  return [...unlocked, ...locked].map((r) => r.id);
}

/** Tells each session's room its new `locked` (`session_updated`); call after the commit. */
export async function publishLockChanges(ctx: AppContext, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  const rows = await ctx.db.select().from(pointingSessions).where(inArray(pointingSessions.id, sessionIds));
  for (const row of rows) {
    await ctx.hub.publish(row.id, { type: "session_updated", session: await sessionView(ctx, row) });
  }
}
