import type { StoryWindowView } from "@pointwise/core/presented";
import { startTimerSchema } from "@pointwise/core/roundTimer";
import {
  createStorySchema,
  moveStorySchema,
  storyOrderSchema,
  storyWindowQuerySchema,
  updateStorySchema,
} from "@pointwise/core/storySchemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { importTooLarge } from "../../commands/backlogParser";
import { startNewRound } from "../../commands/roundStarter";
import { createStory } from "../../commands/storyCreator";
import { deleteStory } from "../../commands/storyDeleter";
import { importStories } from "../../commands/storyImporter";
import { moveStory } from "../../commands/storyMover";
import { setStoryOrder } from "../../commands/storyOrderSetter";
import { updateStory } from "../../commands/storyUpdater";
import { startTimer } from "../../commands/timerStarter";
import { stopTimer } from "../../commands/timerStopper";
import { revealVotes } from "../../commands/votesRevealer";
import type { AppContext } from "../../context";
import { validationError } from "../../errors";
import { loadSessionAccess, sessionPolicy } from "../../policies/sessionPolicy";
import { loadStoryAccess } from "../../policies/storyAccess";
import { presentStory } from "../../presenters/storyPresenter";
import { storyViews, voteViews } from "../../queries/sessionState";
import { storyRoundViews } from "../../queries/storyRounds";
import { readStoryWindow } from "../../queries/storyWindow";
import { sessionParams } from "../sessions/schema";
import { registerImportBodyParser } from "./importBody";
import { storyParams } from "./schema";

/** True when `bytes` hold nothing but spaces, tabs and line breaks (a CSV without a header). */
function isBlank(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
  return true;
}

/**
 * Story calls of spec part 2 section 7, plus backlog import and new rounds (issue #2), the queue
 * order and round history (issue #8 section 3), and the round timer (issue #8 section 2).
 */
export const storyRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get("/api/sessions/:id/stories", { schema: { params: sessionParams } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.view(access);
    return storyViews(ctx, access.session.id);
  });

  app.get(
    "/api/sessions/:id/stories/window",
    { schema: { params: sessionParams, querystring: storyWindowQuerySchema } },
    async (request): Promise<StoryWindowView> => {
      const access = await loadSessionAccess(ctx.db, request, request.params.id);
      sessionPolicy.view(access);
      const { offset, total, rows } = await readStoryWindow(ctx.db, access.session.id, request.query);
      return { offset, total, stories: rows.map(presentStory) };
    },
  );

  app.post(
    "/api/sessions/:id/stories",
    { schema: { params: sessionParams, body: createStorySchema } },
    async (request, reply) => {
      const access = await loadSessionAccess(ctx.db, request, request.params.id);
      sessionPolicy.lead(access);
      return reply.status(201).send(await createStory(ctx, access, request.body));
    },
  );

  // Only the import reads CSV (at most 5 MB), and only from a signed-in user (issue #23 section 4).
  await app.register(async (scope) => {
    registerImportBodyParser(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/sessions/:id/stories/import",
      {
        config: { caller: "user" },
        // The body is the CSV's bytes (importBody), checked in the handler; more than 5 MB is
        // refused while it arrives, in words naming the limits.
        schema: { params: sessionParams },
        errorHandler: (error, _request, reply) => {
          if (error.code !== "FST_ERR_CTP_BODY_TOO_LARGE") throw error;
          const tooLarge = importTooLarge();
          return reply.status(tooLarge.status).send(tooLarge.toBody());
        },
      },
      async (request, reply) => {
        const access = await loadSessionAccess(ctx.db, request, request.params.id);
        sessionPolicy.lead(access);
        const csv = request.body;
        if (!Buffer.isBuffer(csv)) {
          const message = "Send the CSV as the request body (Content-Type: text/csv)";
          throw validationError({ body: [message] }, message);
        }
        if (isBlank(csv)) throw validationError({ body: ["The CSV is empty"] }, "The CSV is empty");
        return reply.status(201).send(await importStories(ctx, access, csv));
      },
    );
  });

  app.put(
    "/api/sessions/:id/story-order",
    { schema: { params: sessionParams, body: storyOrderSchema } },
    async (request) => {
      const access = await loadSessionAccess(ctx.db, request, request.params.id);
      sessionPolicy.lead(access);
      return setStoryOrder(ctx, access, request.body);
    },
  );

  app.post("/api/stories/:id/move", { schema: { params: storyParams, body: moveStorySchema } }, async (request) => {
    const { access } = await loadStoryAccess(ctx, request, request.params.id);
    sessionPolicy.lead(access);
    return moveStory(ctx, access, request.params.id, request.body);
  });

  app.patch("/api/stories/:id", { schema: { params: storyParams, body: updateStorySchema } }, async (request) => {
    const { access } = await loadStoryAccess(ctx, request, request.params.id);
    sessionPolicy.lead(access);
    return updateStory(ctx, access, request.params.id, request.body);
  });

  app.delete("/api/stories/:id", { schema: { params: storyParams } }, async (request) => {
    const { access } = await loadStoryAccess(ctx, request, request.params.id);
    sessionPolicy.lead(access);
    await deleteStory(ctx, access, request.params.id);
    return { message: "Story deleted" };
  });

  app.delete("/api/stories/:id/ticket", { schema: { params: storyParams } }, async (request) => {
    const { access } = await loadStoryAccess(ctx, request, request.params.id);
    sessionPolicy.lead(access);
    const story = await updateStory(ctx, access, request.params.id, { ticketNumber: null });
    return { message: "Ticket removed", story };
  });

  app.post("/api/stories/:id/reveal-votes", { schema: { params: storyParams } }, async (request) => {
    const { access } = await loadStoryAccess(ctx, request, request.params.id);
    sessionPolicy.participate(access);
    return revealVotes(ctx, access, request.params.id);
  });

  app.post("/api/stories/:id/new-round", { schema: { params: storyParams } }, async (request) => {
    const { access } = await loadStoryAccess(ctx, request, request.params.id);
    sessionPolicy.lead(access);
    return startNewRound(ctx, access, request.params.id);
  });

  /** The round timer (issue #8 section 2): 30-600 s on the group's current, unrevealed story. */
  app.post("/api/stories/:id/timer", { schema: { params: storyParams, body: startTimerSchema } }, async (request) => {
    const { access } = await loadStoryAccess(ctx, request, request.params.id);
    sessionPolicy.lead(access);
    return startTimer(ctx, access, request.params.id, request.body.seconds);
  });

  app.delete("/api/stories/:id/timer", { schema: { params: storyParams } }, async (request) => {
    const { access } = await loadStoryAccess(ctx, request, request.params.id);
    sessionPolicy.lead(access);
    return stopTimer(ctx, access, request.params.id);
  });

  app.get("/api/stories/:id/votes", { schema: { params: storyParams } }, async (request) => {
    const { story, access } = await loadStoryAccess(ctx, request, request.params.id);
    sessionPolicy.view(access);
    return voteViews(ctx, [story.id], new Set(story.votesRevealed ? [story.id] : []), access.voterKey);
  });

  app.get("/api/stories/:id/rounds", { schema: { params: storyParams } }, async (request) => {
    const { story, access } = await loadStoryAccess(ctx, request, request.params.id);
    sessionPolicy.view(access);
    return storyRoundViews(ctx, story.id);
  });
};
