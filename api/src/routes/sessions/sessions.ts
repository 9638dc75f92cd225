import { activeStorySchema, createSessionSchema, updateSessionSchema } from "@pointwise/core/sessionSchemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/currentUser";
import { setActiveStory } from "../../commands/activeStorySetter";
import { setArchived } from "../../commands/sessionArchiver";
import { createSession } from "../../commands/sessionCreator";
import { deleteSession } from "../../commands/sessionDeleter";
import { updateSession } from "../../commands/sessionUpdater";
import type { AppContext } from "../../context";
import { loadSessionAccess, sessionPolicy } from "../../policies/sessionPolicy";
import { loadTeamAccess, teamPolicy } from "../../policies/teamPolicy";
import { currentRoundProgress } from "../../queries/roundProgress";
import { visibleSessions } from "../../queries/sessionLists";
import { sessionView, sessionViews } from "../../queries/sessionViews";
import { sessionParams } from "./schema";

/** Session calls of spec part 1 section 7 and part 2 section 7. */
export const sessionRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get("/api/sessions", async (request) => {
    const user = await requireUser(ctx.db, request);
    return sessionViews(ctx, await visibleSessions(ctx, user, false));
  });

  app.get("/api/sessions/archived", async (request) => {
    const user = await requireUser(ctx.db, request);
    return sessionViews(ctx, await visibleSessions(ctx, user, true));
  });

  app.post("/api/sessions", { schema: { body: createSessionSchema } }, async (request, reply) => {
    const user = await requireUser(ctx.db, request);
    if (request.body.teamId) teamPolicy.assignSession(await loadTeamAccess(ctx.db, user, request.body.teamId));
    return reply.status(201).send(await createSession(ctx, user, request.body));
  });

  app.get("/api/sessions/:id", { schema: { params: sessionParams } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.view(access);
    // The session state carries the current round's "n of m" (issue #8 sections 1 and 7) and the
    // server's clock, so the round timer survives a reload (issue #8 section 2).
    return {
      ...(await sessionView(ctx, access.session)),
      ...(await currentRoundProgress(ctx.db, access.session.id)),
      serverNow: new Date().toISOString(),
    };
  });

  app.patch("/api/sessions/:id", { schema: { params: sessionParams, body: updateSessionSchema } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.manage(access);
    if (request.body.teamId && access.user) {
      teamPolicy.assignSession(await loadTeamAccess(ctx.db, access.user, request.body.teamId));
    }
    return updateSession(ctx, access, request.body);
  });

  app.delete("/api/sessions/:id", { schema: { params: sessionParams } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.manage(access);
    await deleteSession(ctx, access);
    return { message: "Session deleted" };
  });

  app.patch("/api/sessions/:id/archive", { schema: { params: sessionParams } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.manage(access);
    return setArchived(ctx, access, true);
  });

  app.patch("/api/sessions/:id/unarchive", { schema: { params: sessionParams } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.manage(access);
    return setArchived(ctx, access, false);
  });

  app.post(
    "/api/sessions/:id/active-story",
    { schema: { params: sessionParams, body: activeStorySchema } },
    async (request) => {
      const access = await loadSessionAccess(ctx.db, request, request.params.id);
      sessionPolicy.lead(access);
      await setActiveStory(ctx, access, request.body.storyId);
      return sessionView(ctx, access.session);
    },
  );
};
