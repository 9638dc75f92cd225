import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { userIntegrations } from "../db/schema";

/** A user's stored `user_integrations` row, read straight from the test database (issue #12 section 1). */
export async function storedIntegration(ctx: AppContext, userId: string) {
  const [row] = await ctx.db.select().from(userIntegrations).where(eq(userIntegrations.userId, userId));
  if (!row) throw new Error(`no integration of user ${userId}`);
  return row;
}

/** Every `user_integrations` row as JSON text, the way a database dump would hold them. */
export async function integrationRowsAsText(ctx: AppContext): Promise<string> {
  const result = await ctx.db.execute(sql`select row_to_json(u)::text as t from user_integrations u`);
  return JSON.stringify(result);
}
