import type { InsightPriority } from "@pointwise/core/insights";
import {
  consensusRateInsights,
  historyGapInsights,
  type InsightDraft,
  missingCriteriaInsights,
  onTrackInsights,
  roundsNeededInsights,
  splitLargeInsights,
  timeSpentInsights,
  wideSpreadInsights,
} from "./insightRules";
import type { HistorySuggestion, SessionFacts } from "./sessionFacts";

const PRIORITY_ORDER: readonly InsightPriority[] = ["critical", "high", "medium", "low", "info"];

/**
 * All of PointBot's insights about a session (issue #9 section 2), most important first
 * (priority, then rule order, then queue order). Deterministic: the same facts give the same list.
 * @param suggestions history suggestions by story id (issue #9 section 3), when the estimator has some
 */
export function sessionInsights(
  facts: SessionFacts,
  suggestions?: ReadonlyMap<string, HistorySuggestion>,
): InsightDraft[] {
  const found = [
    ...wideSpreadInsights(facts),
    ...splitLargeInsights(facts),
    ...missingCriteriaInsights(facts),
    ...consensusRateInsights(facts),
    ...roundsNeededInsights(facts),
    ...timeSpentInsights(facts),
    ...historyGapInsights(facts, suggestions),
  ];
  const all = [...found, ...onTrackInsights(facts, found)];
  return all
    .map((insight, index) => ({ insight, index }))
    .sort(
      (a, b) =>
        PRIORITY_ORDER.indexOf(a.insight.priority) - PRIORITY_ORDER.indexOf(b.insight.priority) || a.index - b.index,
    )
    .map((x) => x.insight);
}

/** The summary's action items: those of the insights, in their order, without repeats (at most 10). */
export function actionItemsOf(insights: readonly { actionItems: readonly string[] }[]): string[] {
  return [...new Set(insights.flatMap((i) => i.actionItems))].slice(0, 10);
}
