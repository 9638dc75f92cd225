import type { AppContext } from "../context";
import { aiInsights } from "../db/schema";

/**
 * Writes one PointBot insight of a session straight to the test database (as the insight
 * generator stores them), for tests that need an insight without playing rounds on a paid plan.
 * @returns the new insight's id
 */
export async function insertInsight(ctx: AppContext, sessionId: string): Promise<{ id: string }> {
  const [row] = await ctx.db
    .insert(aiInsights)
    .values({ sessionId, type: "info", category: "estimation", title: "Pace", message: "Steady" })
    .returning({ id: aiInsights.id });
  if (!row) throw new Error("insight not written");
  return row;
}
