import { createTeamSchema } from "@pointwise/core/teamSchemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../auth/currentUser";
import { createTeam } from "../../commands/teamCreator";
import type { AppContext } from "../../context";
import { loadTeamForMember } from "../../policies/teamPolicy";
import { presentTeam } from "../../presenters/teamPresenter";
import { teamSessions } from "../../queries/sessionLists";
import { sessionViews } from "../../queries/sessionViews";
import { teamsOfUser } from "../../queries/teamLists";
import { teamMemberViews } from "../../queries/teamMembers";

const teamParams = z.object({ id: z.string() });

/** The team calls the create-session dialog needs (spec part 1 section 7). */
export const teamRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get("/api/teams", async (request) => {
    const user = await requireUser(ctx.db, request);
    return (await teamsOfUser(ctx, user.id)).map(presentTeam);
  });

  app.post("/api/teams", { schema: { body: createTeamSchema } }, async (request, reply) => {
    const user = await requireUser(ctx.db, request);
    return reply.status(201).send(await createTeam(ctx, user, request.body));
  });

  app.get("/api/teams/:id", { schema: { params: teamParams } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    return presentTeam(await loadTeamForMember(ctx.db, user, request.params.id));
  });

  app.get("/api/teams/:id/members", { schema: { params: teamParams } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    const team = await loadTeamForMember(ctx.db, user, request.params.id);
    return teamMemberViews(ctx, team.id);
  });

  app.get("/api/teams/:id/sessions", { schema: { params: teamParams } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    const team = await loadTeamForMember(ctx.db, user, request.params.id);
    return sessionViews(ctx, await teamSessions(ctx, team.id));
  });
};
