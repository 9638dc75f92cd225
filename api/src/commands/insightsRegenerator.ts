import type { InsightView } from "@pointwise/core/insights";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { aiInsights } from "../db/schema";
import { notFound } from "../errors";
import type { HistorySuggestion } from "../pointbot/insights/sessionFacts";
import { sessionInsights } from "../pointbot/insights/sessionInsights";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentInsight } from "../presenters/insightPresenter";
import { loadSessionFacts } from "../queries/insightFacts";
import { insightViews } from "../queries/sessionInsights";

/**
 * Recomputes PointBot's insights from the session as it is now and replaces the stored ones, in
 * one transaction (issue #9 section 2, `POST /api/sessions/{id}/insights/regenerate`, leader).
 * Each row keeps its rule, list position and action items in `metadata`. After the commit the
 * room gets `insights_updated` with the new list.
 * @param suggestions history suggestions by story id, when the estimator provides them
 * @returns the new insights, most important first
 */
export async function regenerateInsights(
  ctx: AppContext,
  access: SessionAccess,
  suggestions?: ReadonlyMap<string, HistorySuggestion>,
): Promise<InsightView[]> {
  const facts = await loadSessionFacts(ctx, access.session);
  const drafts = sessionInsights(facts, suggestions);
  const now = new Date();
  const rows = await ctx.db.transaction(async (tx) => {
    await tx.delete(aiInsights).where(eq(aiInsights.sessionId, access.session.id));
    if (drafts.length === 0) return [];
    return tx
      .insert(aiInsights)
      .values(
        drafts.map((d, position) => ({
          sessionId: access.session.id,
          storyId: d.storyId,
          type: d.type,
          priority: d.priority,
          category: d.category,
          title: d.title.slice(0, 200),
          message: d.message,
          icon: d.icon,
          impact: d.impact,
          recommendation: d.recommendation,
          riskFactors: d.riskFactors,
          metadata: { ...d.metadata, rule: d.rule, position, actionItems: d.actionItems, engine: "local" },
          generatedAt: now,
          createdAt: now,
        })),
      )
      .returning();
  });
  const insights = rows.map(presentInsight).sort((a, b) => Number(a.metadata?.position) - Number(b.metadata?.position));
  await ctx.hub.publish(access.session.id, { type: "insights_updated", sessionId: access.session.id, insights });
  return insights;
}

/**
 * Deletes one insight of the session (issue #9 section 2, `DELETE /api/insights/{id}`, leader).
 * Pushes `insights_updated` with the remaining list after the delete.
 * @throws 404 NOT_FOUND when it is already gone.
 */
export async function deleteInsight(ctx: AppContext, access: SessionAccess, insightId: string): Promise<void> {
  const deleted = await ctx.db
    .delete(aiInsights)
    .where(and(eq(aiInsights.id, insightId), eq(aiInsights.sessionId, access.session.id)))
    .returning({ id: aiInsights.id });
  if (deleted.length === 0) throw notFound("Insight not found");
  const insights = await insightViews(ctx, access.session.id);
  await ctx.hub.publish(access.session.id, { type: "insights_updated", sessionId: access.session.id, insights });
}
