import { activeStorySchema, createSessionSchema, updateSessionSchema } from "@pointwise/core/sessionSchemas";
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireUser, type UserRow } from "../../auth/currentUser";
import { setActiveStory } from "../../commands/activeStorySetter";
import { createSession } from "../../commands/sessionCreator";
import { deleteSession, setArchived, updateSession } from "../../commands/sessionUpdater";
import type { AppContext } from "../../context";
import { pointingSessions, sessionParticipants, teamMembers } from "../../db/schema";
import { loadSessionAccess, sessionPolicy } from "../../policies/sessionPolicy";
import { sessionView, sessionViews } from "../../queries/sessionViews";
import { sessionParams } from "./schema";

/** Sessions a user can see: created, led, joined, or of one of the user's teams. */
function visibleTo(user: UserRow) {
  return or(
    eq(pointingSessions.creatorId, user.id),
    eq(pointingSessions.leaderId, user.id),
    inArray(
      pointingSessions.id,
      sql`(select ${sessionParticipants.sessionId} from ${sessionParticipants} where ${sessionParticipants.userId} = ${user.id})`,
    ),
    inArray(
      pointingSessions.teamId,
      sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${user.id})`,
    ),
  );
}

/** Session calls of spec part 1 section 7 and part 2 section 7. */
export const sessionRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get("/api/sessions", async (request) => {
    const user = await requireUser(ctx.db, request);
    const rows = await ctx.db
      .select()
      .from(pointingSessions)
      .where(and(visibleTo(user), isNull(pointingSessions.archivedAt)))
      .orderBy(desc(pointingSessions.createdAt));
    return sessionViews(ctx, rows);
  });

  app.get("/api/sessions/archived", async (request) => {
    const user = await requireUser(ctx.db, request);
    const rows = await ctx.db
      .select()
      .from(pointingSessions)
      .where(and(visibleTo(user), isNotNull(pointingSessions.archivedAt)))
      .orderBy(desc(pointingSessions.archivedAt));
    return sessionViews(ctx, rows);
  });

  app.post("/api/sessions", { schema: { body: createSessionSchema } }, async (request, reply) => {
    const user = await requireUser(ctx.db, request);
    return reply.status(201).send(await createSession(ctx, user, request.body));
  });

  app.get("/api/sessions/:id", { schema: { params: sessionParams } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.view(access);
    return sessionView(ctx, access.session);
  });

  app.patch("/api/sessions/:id", { schema: { params: sessionParams, body: updateSessionSchema } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.manage(access);
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
