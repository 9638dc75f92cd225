import type { SuggestionAccuracy } from "@pointwise/core/estimates/suggestionView";
import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions, stories } from "../db/schema";
import { historyScopeOf, suggestFromHistory } from "../pointbot/history/historySuggestion";
import type { HistorySuggestion } from "../pointbot/insights/sessionFacts";
import type { SessionRow } from "../policies/sessionPolicy";

/** Matched / within range / total over the completed stories with a recorded suggestion matching `where`. */
async function accuracyWhere(ctx: AppContext, where: SQL | undefined): Promise<SuggestionAccuracy> {
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*)::int`,
      matched: sql<number>`count(*) filter (where ${stories.finalPoints} = ${stories.suggestedPoints})::int`,
      withinRange: sql<number>`count(*) filter (where ${stories.finalPoints} between ${stories.suggestedLow} and ${stories.suggestedHigh})::int`,
    })
    .from(stories)
    .innerJoin(pointingSessions, eq(pointingSessions.id, stories.sessionId))
    .where(
      and(where, eq(stories.status, "completed"), isNotNull(stories.finalPoints), isNotNull(stories.suggestedPoints)),
    );
  return {
    total: Number(row?.total ?? 0),
    matched: Number(row?.matched ?? 0),
    withinRange: Number(row?.withinRange ?? 0),
  };
}

/**
 * How often the final points matched PointBot's history suggestion (issue #9 section 3): in this
 * session, and over the session's history scope (the team's sessions, or the creator's sessions
 * without a team), so the summary shows the accuracy over time.
 */
export async function suggestionAccuracyOf(
  ctx: AppContext,
  session: SessionRow,
): Promise<{ session: SuggestionAccuracy; history: SuggestionAccuracy }> {
  const scope = historyScopeOf(session);
  const scopeWhere =
    scope.teamId !== undefined
      ? eq(pointingSessions.teamId, scope.teamId)
      : and(isNull(pointingSessions.teamId), eq(pointingSessions.creatorId, scope.ownerUserId));
  return {
    session: await accuracyWhere(ctx, eq(stories.sessionId, session.id)),
    history: await accuracyWhere(ctx, scopeWhere),
  };
}

/**
 * The history suggestions of a session's revealed or completed stories, for the insight "vote
 * distribution far from the history suggestion" (issue #9 sections 2 and 3): a completed story
 * keeps the suggestion recorded at completion; a revealed open story gets one computed now.
 */
export async function revealedStorySuggestions(
  ctx: AppContext,
  session: SessionRow,
): Promise<Map<string, HistorySuggestion>> {
  const rows = await ctx.db
    .select({
      id: stories.id,
      title: stories.title,
      description: stories.description,
      status: stories.status,
      votesRevealed: stories.votesRevealed,
      suggestedPoints: stories.suggestedPoints,
      suggestedLow: stories.suggestedLow,
      suggestedHigh: stories.suggestedHigh,
    })
    .from(stories)
    .where(eq(stories.sessionId, session.id));
  const out = new Map<string, HistorySuggestion>();
  for (const s of rows) {
    if (s.status === "completed") {
      if (s.suggestedPoints !== null && s.suggestedLow !== null && s.suggestedHigh !== null) {
        out.set(s.id, { points: s.suggestedPoints, low: s.suggestedLow, high: s.suggestedHigh });
      }
    } else if (s.votesRevealed) {
      const view = await suggestFromHistory(ctx.db, session, s);
      if (view.historySize > 0) out.set(s.id, { points: view.points, low: view.low, high: view.high });
    }
  }
  return out;
}
