import { voterKeyOf } from "@pointwise/core/voters";
import { castVoteSchema } from "@pointwise/core/voteSchemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { castVote } from "../../commands/voteCaster";
import type { AppContext } from "../../context";
import { permissionDenied } from "../../errors";
import { loadSessionAccess, sessionPolicy } from "../../policies/sessionPolicy";
import { loadStoryAccess } from "../../policies/storyAccess";
import { presentPoints } from "../../presenters/votePresenter";
import { storyViews, voteViews } from "../../queries/sessionState";
import { findVote } from "../../queries/votes";

// Ids may be malformed (404 further on) but not empty: `/api/votes/{storyId}/` has no voter (issue #7 fuzz: a 500).
const voteParams = z.object({ storyId: z.string(), userId: z.string().min(1) });
const anonymousVoteParams = z.object({ storyId: z.string(), participantId: z.string().min(1) });

/** Vote calls of spec part 2 section 7. Secrecy is applied by the vote presenter. */
export const voteRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post("/api/votes", { schema: { body: castVoteSchema } }, async (request) => {
    const { story, access } = await loadStoryAccess(ctx, request, request.body.storyId);
    return castVote(ctx, access, request.body, story);
  });

  app.get("/api/sessions/:id/votes", { schema: { params: z.object({ id: z.string() }) } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.view(access);
    const list = await storyViews(ctx, access.session.id);
    const revealed = new Set(list.filter((s) => s.votesRevealed).map((s) => s.id));
    return voteViews(
      ctx,
      list.map((s) => s.id),
      revealed,
      access.voterKey,
    );
  });

  /** One voter's points: the caller's own, or anyone's once revealed. */
  const pointsOf = async (
    request: Parameters<typeof loadStoryAccess>[1],
    storyId: string,
    voter: { userId: string } | { participantId: string },
  ) => {
    const { story, access } = await loadStoryAccess(ctx, request, storyId);
    sessionPolicy.view(access);
    const voterKey = voterKeyOf(voter);
    const vote = await findVote(ctx, story.id, voter);
    const shown = presentPoints(vote, voterKey, story.votesRevealed, access.voterKey);
    if (!shown) throw permissionDenied("Votes are hidden until they are revealed");
    return shown;
  };

  app.get(
    "/api/votes/:storyId/anonymous/:participantId",
    { schema: { params: anonymousVoteParams } },
    async (request) => pointsOf(request, request.params.storyId, { participantId: request.params.participantId }),
  );

  app.get("/api/votes/:storyId/:userId", { schema: { params: voteParams } }, async (request) =>
    pointsOf(request, request.params.storyId, { userId: request.params.userId }),
  );
};
