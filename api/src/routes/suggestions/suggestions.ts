import { suggestCriterionSchema } from "@pointwise/core/criteriaSuggestions";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { suggestCriterion } from "../../commands/criterionSuggester";
import { addPendingSuggestions } from "../../commands/pointbotSuggestionAdder";
import { approveSuggestion, rejectSuggestion } from "../../commands/suggestionDecider";
import type { AppContext } from "../../context";
import { loadStoryAccess } from "../../policies/storyAccess";
import { loadSuggestionAccess, suggestionPolicy } from "../../policies/suggestionPolicy";
import { presentSuggestion } from "../../presenters/criteriaSuggestionPresenter";
import { viewerOf } from "../../presenters/participantPresenter";
import { pendingSuggestions } from "../../queries/criteriaSuggestions";
import { storyParams } from "../stories/schema";
import { suggestionParams } from "./schema";

/**
 * Criteria suggestions of spec part 2 section 7 (issue #9 section 2): list, suggest (the
 * leader's entry is added directly), approve and reject. POST /api/stories/{id}/generate-criteria
 * (PointBot) stores its suggestions through commands/pointbotSuggestionAdder.
 */
export const suggestionRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get("/api/stories/:id/suggestions", { schema: { params: storyParams } }, async (request) => {
    const { story, access } = await loadStoryAccess(ctx, request, request.params.id);
    suggestionPolicy.view(access);
    const viewer = viewerOf(access);
    return (await pendingSuggestions(ctx.db, story.id)).map((record) => presentSuggestion(record, viewer));
  });

  app.post(
    "/api/stories/:id/suggestions",
    { schema: { params: storyParams, body: suggestCriterionSchema } },
    async (request, reply) => {
      const { story, access } = await loadStoryAccess(ctx, request, request.params.id);
      suggestionPolicy.suggest(access);
      return reply.status(201).send(await suggestCriterion(ctx, access, story.id, request.body));
    },
  );

  /**
   * PointBot's criteria for a story as pending suggestions (leader; spec part 2 section 7, issue
   * #9 section 2): 201 `{suggestions}` (N = its length, possibly 0, each also pushed as
   * `criteria_suggestion_added`); 429 RATE_LIMITED past the AI budget; 502 AI_UNAVAILABLE when
   * the model fails, storing nothing.
   */
  app.post(
    "/api/stories/:id/generate-criteria",
    { schema: { params: storyParams }, preHandler: app.aiCallGuard },
    async (request, reply) => {
      const { story, access } = await loadStoryAccess(ctx, request, request.params.id);
      suggestionPolicy.decide(access);
      const criteria = await ctx.pointbot.suggestCriteria({
        title: story.title,
        description: story.description,
        acceptanceCriteria: story.acceptanceCriteria ?? [],
      });
      const suggestions = await addPendingSuggestions(ctx, access, story.id, criteria, ctx.pointbot.label);
      return reply.status(201).send({ suggestions });
    },
  );

  app.post("/api/suggestions/:id/approve", { schema: { params: suggestionParams } }, async (request) => {
    const { suggestion, access } = await loadSuggestionAccess(ctx, request, request.params.id);
    suggestionPolicy.decide(access);
    return approveSuggestion(ctx, access, suggestion);
  });

  app.delete("/api/suggestions/:id", { schema: { params: suggestionParams } }, async (request) => {
    const { suggestion, access } = await loadSuggestionAccess(ctx, request, request.params.id);
    suggestionPolicy.decide(access);
    return { message: "Suggestion rejected", suggestion: await rejectSuggestion(ctx, access, suggestion) };
  });
};
