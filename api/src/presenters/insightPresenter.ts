import { INSIGHT_ICONS, type InsightIcon, type InsightView } from "@pointwise/core/insights";
import type { aiInsights } from "../db/schema";

/** A row of `ai_insights`. */
export type InsightRow = typeof aiInsights.$inferSelect;

const isIcon = (icon: string | null): icon is InsightIcon => INSIGHT_ICONS.includes(icon as InsightIcon);

/** An insight as the client sees it (core InsightView); an unknown icon shows as lightbulb. */
export function presentInsight(row: InsightRow): InsightView {
  return {
    id: row.id,
    sessionId: row.sessionId ?? "",
    storyId: row.storyId,
    type: row.type,
    priority: row.priority,
    category: row.category,
    title: row.title,
    message: row.message,
    icon: isIcon(row.icon) ? row.icon : "lightbulb",
    impact: row.impact,
    recommendation: row.recommendation,
    riskFactors: row.riskFactors,
    metadata: row.metadata ?? null,
    generatedAt: row.generatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
