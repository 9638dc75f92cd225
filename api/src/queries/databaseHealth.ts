import type { AppContext } from "../context";
import { pingDatabase } from "../db/database";

/** Whether the database answers a trivial query, and which kind it is (`GET /api/health`). */
export async function databaseHealth(ctx: AppContext): Promise<{ ok: boolean; kind: AppContext["database"]["kind"] }> {
  return { ok: await pingDatabase(ctx.db), kind: ctx.database.kind };
}
