import { isUuid } from "@pointwise/core/ids";
import type { InsightView } from "@pointwise/core/insights";
import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { aiInsights } from "../db/schema";
import { notFound } from "../errors";
import { type InsightRow, presentInsight } from "../presenters/insightPresenter";

/** The stored insights of a session, in the order they were generated (most important first). */
export async function insightViews(ctx: AppContext, sessionId: string): Promise<InsightView[]> {
  const rows = await ctx.db
    .select()
    .from(aiInsights)
    .where(eq(aiInsights.sessionId, sessionId))
    .orderBy(asc(aiInsights.createdAt), asc(aiInsights.id));
  return rows.map(presentInsight).sort(byPosition);
}

/** Regenerated insights keep their list position in metadata.position. */
function byPosition(a: InsightView, b: InsightView): number {
  const pa = typeof a.metadata?.position === "number" ? a.metadata.position : 0;
  const pb = typeof b.metadata?.position === "number" ? b.metadata.position : 0;
  return pa - pb;
}

/**
 * One insight row by id.
 * @throws 404 NOT_FOUND for an unknown id (a malformed one is rejected by the route's schema).
 */
export async function insightById(ctx: AppContext, id: string): Promise<InsightRow & { sessionId: string }> {
  const [row] = isUuid(id) ? await ctx.db.select().from(aiInsights).where(eq(aiInsights.id, id)) : [];
  if (!row?.sessionId) throw notFound("Insight not found");
  return { ...row, sessionId: row.sessionId };
}
