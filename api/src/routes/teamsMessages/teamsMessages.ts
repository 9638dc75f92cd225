import { buildVotingCard } from "@pointwise/bot/cards/votingCard";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import type { AdapterSource } from "../../integrations/teams/botAdapter";
import { votingCardState } from "../../integrations/teams/cardStates";
import { postSummary } from "../../integrations/teams/summaryPoster";
import { loadSessionAccess, sessionPolicy } from "../../policies/sessionPolicy";
import { params, teamsMessageBody } from "./schema";

/** The voting card preview and the summary post (issue #3 section 2). */
export const teamsMessageRoutes = (ctx: AppContext, adapter: AdapterSource) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get("/api/sessions/:id/card", { schema: { params } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.view(access);
    return { card: buildVotingCard(await votingCardState(ctx, access)) };
  });

  /**
   * Posts the summary card to the conversation bound to the session when the bot is installed
   * there; otherwise answers with the message text and a Teams share link (spec part 2 section 7).
   */
  app.post("/api/sessions/:id/teams-message", { schema: { params, body: teamsMessageBody } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.view(access);
    return postSummary(ctx, adapter, access);
  });
};
