import { eq, gte, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions } from "../db/schema";

/** Sessions a user owns (created) in all, and those created since `monthStart`. */
export async function ownedSessionCounts(
  ctx: AppContext,
  userId: string,
  monthStart: Date,
): Promise<{ owned: number; thisMonth: number }> {
  const [counts] = await ctx.db
    .select({
      owned: sql<number>`count(*)::int`,
      thisMonth: sql<number>`(count(*) filter (where ${gte(pointingSessions.createdAt, monthStart)}))::int`,
    })
    .from(pointingSessions)
    .where(eq(pointingSessions.creatorId, userId));
  return { owned: counts?.owned ?? 0, thisMonth: counts?.thisMonth ?? 0 };
}
