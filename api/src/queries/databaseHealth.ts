import type { AppContext } from "../context";
import { databaseProblem } from "../db/database";

/**
 * The database's health for `GET /api/health`: its kind and, when a real read of its main tables
 * (db/database databaseProblem) fails or takes over 2 s, the reason (issue #6 part 3, issue #23
 * section 7); `reason` is null when it is healthy.
 */
export async function databaseHealth(
  ctx: AppContext,
): Promise<{ kind: AppContext["database"]["kind"]; reason: string | null }> {
  return { kind: ctx.database.kind, reason: await databaseProblem(ctx.db) };
}
