import { createTeamSchema } from "@pointwise/core/teamSchemas";
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../auth/currentUser";
import { createTeam, loadTeamForMember, presentTeam, teamMemberViews } from "../../commands/teamCreator";
import type { AppContext } from "../../context";
import { pointingSessions, teamMembers, teams } from "../../db/schema";
import { sessionViews } from "../../queries/sessionViews";

const teamParams = z.object({ id: z.string() });

/** The team calls the create-session dialog needs (spec part 1 section 7). */
export const teamRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get("/api/teams", async (request) => {
    const user = await requireUser(ctx.db, request);
    const rows = await ctx.db
      .select()
      .from(teams)
      .where(
        inArray(
          teams.id,
          sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${user.id})`,
        ),
      )
      .orderBy(teams.name);
    return rows.map(presentTeam);
  });

  app.post("/api/teams", { schema: { body: createTeamSchema } }, async (request, reply) => {
    const user = await requireUser(ctx.db, request);
    return reply.status(201).send(await createTeam(ctx, user, request.body));
  });

  app.get("/api/teams/:id", { schema: { params: teamParams } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    return presentTeam(await loadTeamForMember(ctx, user, request.params.id));
  });

  app.get("/api/teams/:id/members", { schema: { params: teamParams } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    const team = await loadTeamForMember(ctx, user, request.params.id);
    return teamMemberViews(ctx, team.id);
  });

  app.get("/api/teams/:id/sessions", { schema: { params: teamParams } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    const team = await loadTeamForMember(ctx, user, request.params.id);
    const rows = await ctx.db
      .select()
      .from(pointingSessions)
      .where(eq(pointingSessions.teamId, team.id))
      .orderBy(desc(pointingSessions.createdAt));
    return sessionViews(ctx, rows);
  });
};
