import { isUuid } from "@pointwise/core/ids";
import { castVoteSchema } from "@pointwise/core/voteSchemas";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { castVote } from "../../commands/voteCaster";
import type { AppContext } from "../../context";
import { votes } from "../../db/schema";
import { permissionDenied } from "../../errors";
import { loadSessionAccess, sessionPolicy } from "../../policies/sessionPolicy";
import { storyViews, voteViews } from "../../queries/sessionState";
import { loadStoryAccess } from "../stories/storyAccess";

const voteParams = z.object({ storyId: z.string(), userId: z.string() });
const anonymousVoteParams = z.object({ storyId: z.string(), participantId: z.string() });

/** Vote calls of spec part 2 section 7. Secrecy is applied by the vote presenter. */
export const voteRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post("/api/votes", { schema: { body: castVoteSchema } }, async (request) => {
    const { access } = await loadStoryAccess(ctx, request, request.body.storyId);
    sessionPolicy.participate(access);
    return castVote(ctx, access, request.body);
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
    const voterKey = "userId" in voter ? `u:${voter.userId}` : `p:${voter.participantId}`;
    if (!story.votesRevealed && voterKey !== access.voterKey) {
      throw permissionDenied("Votes are hidden until they are revealed");
    }
    const valid = isUuid("userId" in voter ? voter.userId : voter.participantId);
    const [vote] = valid
      ? await ctx.db
          .select({ points: votes.points })
          .from(votes)
          .where(
            and(
              eq(votes.storyId, story.id),
              "userId" in voter ? eq(votes.userId, voter.userId) : eq(votes.participantId, voter.participantId),
            ),
          )
      : [];
    return { points: vote?.points ?? null };
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
