import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { deleteInsight, regenerateInsights } from "../../commands/insightsRegenerator";
import type { AppContext } from "../../context";
import { requireInsightsPlan } from "../../policies/insightPolicy";
import { loadSessionAccess, sessionPolicy } from "../../policies/sessionPolicy";
import { insightById, insightViews } from "../../queries/sessionInsights";
import { sessionSummaryData } from "../../queries/sessionSummaryData";
import { revealedStorySuggestions } from "../../queries/suggestionAccuracy";
import { insightParams, insightSessionParams } from "./schema";

/**
 * PointBot insights and the session summary (issue #9 section 2; spec part 2 section 7
 * "Insights and summary"):
 * - `GET /api/sessions/{id}/insights`: members; the stored insights, most important first.
 * - `POST /api/sessions/{id}/insights/regenerate`: leader; recomputes from the session now and
 *   replaces the stored ones; answers the new list.
 * - `DELETE /api/insights/{id}`: leader of the insight's session; `{message: "Insight deleted"}`.
 * - `GET /api/sessions/{id}/summary`: members; `{consensusRate, actionItems, ...}` (core SessionSummaryView).
 * Errors: 400 VALIDATION_ERROR for an id that is not a UUID; 401 without an identity; 403
 * PERMISSION_DENIED for a non-member (or a non-leader where the leader is needed); 403
 * PLAN_UPGRADE_REQUIRED {requiredPlan, currentPlan} on the insight routes when the session
 * creator's plan has no insights (spec part 2 section 6); 404 NOT_FOUND for an unknown id.
 */
export const insightRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get("/api/sessions/:id/insights", { schema: { params: insightSessionParams } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.view(access);
    await requireInsightsPlan(ctx.db, access.session);
    return insightViews(ctx, access.session.id);
  });

  // An AI route: the per-caller budget of app.aiCallGuard (issue #9 section 1) applies.
  app.post(
    "/api/sessions/:id/insights/regenerate",
    { schema: { params: insightSessionParams }, preHandler: app.aiCallGuard },
    async (request) => {
      const access = await loadSessionAccess(ctx.db, request, request.params.id);
      sessionPolicy.manage(access);
      await requireInsightsPlan(ctx.db, access.session);
      // History suggestions of the revealed/completed stories (issue #9 section 3).
      return regenerateInsights(ctx, access, await revealedStorySuggestions(ctx, access.session));
    },
  );

  app.delete("/api/insights/:id", { schema: { params: insightParams } }, async (request) => {
    const insight = await insightById(ctx, request.params.id);
    const access = await loadSessionAccess(ctx.db, request, insight.sessionId);
    sessionPolicy.manage(access);
    await requireInsightsPlan(ctx.db, access.session);
    await deleteInsight(ctx, access, insight.id);
    return { message: "Insight deleted", id: insight.id };
  });

  app.get("/api/sessions/:id/summary", { schema: { params: insightSessionParams } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.view(access);
    return sessionSummaryData(ctx, access);
  });
};
