import type { EstimateSuggestionView } from "@pointwise/core/estimates/suggestionView";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { suggestionHidden } from "../../errors";
import { suggestFromHistory } from "../../pointbot/history/historySuggestion";
import { sessionPolicy } from "../../policies/sessionPolicy";
import { loadStoryAccess } from "../../policies/storyAccess";

/** `:id` of a story: a UUID (400 VALIDATION_ERROR otherwise). */
const estimateParams = z.object({ id: z.uuid("Invalid story") });

/**
 * `GET /api/stories/{id}/estimate-suggestion` (issue #9 section 3): PointBot's points, likely
 * range and 3 most similar stories from the team's own history (or, without a team, the session
 * creator's sessions), snapped to the session's numeric deck (`?`/☕ never; the t-shirt deck maps
 * to its cards' values, `labels` carries the sizes). Computed in-process, stores nothing.
 * Anchoring rule: the leader may peek at any time; anyone else of the session only once the
 * story's votes are revealed (or the story is completed), before that 403 SUGGESTION_HIDDEN. With
 * an empty history: 200 with `historySize: 0`, the estimator's default and no similar stories.
 * Errors: 400 VALIDATION_ERROR (id not a UUID), 401, 403 PERMISSION_DENIED (not in the session),
 * 404 NOT_FOUND (unknown story).
 */
export const estimateSuggestionRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/stories/:id/estimate-suggestion",
    { schema: { params: estimateParams } },
    async (request): Promise<EstimateSuggestionView> => {
      const { story, access } = await loadStoryAccess(ctx, request, request.params.id);
      sessionPolicy.view(access);
      const revealed = story.votesRevealed || story.status === "completed";
      if (!access.isLeader && !revealed) throw suggestionHidden();
      return suggestFromHistory(ctx.db, access.session, story);
    },
  );
};
