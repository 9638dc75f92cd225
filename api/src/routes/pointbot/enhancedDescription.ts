import { enhancedDescriptionRequestSchema, type StoryAnalysis } from "@pointwise/core/pointbotSchemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { complexityHintFor } from "../../pointbot/history/historySuggestion";
import { loadSessionAccess, sessionPolicy } from "../../policies/sessionPolicy";

/**
 * `POST /api/stories/generate-enhanced-description {title, description?, sessionId?}` (spec part 2
 * sections 3 and 7, issue #9 section 2): PointBot's analysis object `{description {...}, metadata
 * {priority, completenessScore, clarityScore}}` and nothing else (the engine's label is in
 * GET /api/health `aiLabel`). Stores nothing. A signed-in user, or a guest participant of `sessionId`; with `sessionId` the caller
 * must see that session (403 otherwise). 400 VALIDATION_ERROR for a blank or too long title,
 * 401, 429 RATE_LIMITED (app.aiCallGuard), 502 AI_UNAVAILABLE when the model fails.
 */
export const enhancedDescriptionRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/stories/generate-enhanced-description",
    { schema: { body: enhancedDescriptionRequestSchema }, preHandler: app.aiCallGuard },
    async (request): Promise<StoryAnalysis> => {
      const { title, description, sessionId } = request.body;
      const access = sessionId ? await loadSessionAccess(ctx.db, request, sessionId) : null;
      if (access) sessionPolicy.view(access);
      // The leader's analysis reads complexity from the team's history (issue #9 section 3); never
      // a voter's, who could otherwise see a number for the story before the reveal (anchoring).
      const complexityHint = access?.isLeader
        ? await complexityHintFor(ctx.db, access.session, { title, description })
        : undefined;
      return ctx.pointbot.analyzeStory({ title, description, complexityHint });
    },
  );
};
