import type { AppContext } from "../context";
import { databaseProblem } from "../db/database";

/**
 * The database's health for `GET /api/health`: its kind and, when it does not answer `SELECT 1`
 * within 2 s, the reason (issue #6 part 3); `reason` is null when it is healthy.
 */
export async function databaseHealth(
  ctx: AppContext,
): Promise<{ kind: AppContext["database"]["kind"]; reason: string | null }> {
  return { kind: ctx.database.kind, reason: await databaseProblem(ctx.db) };
}
