import {
  createTeamSchema,
  editsTeamDetails,
  inviteTeamMemberSchema,
  memberRoleSchema,
  teamAuditQuerySchema,
  updateTeamSchema,
} from "@pointwise/core/teamSchemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../auth/currentUser";
import { publicOrigin } from "../../auth/origins";
import { createTeam } from "../../commands/teamCreator";
import { deleteTeam } from "../../commands/teamDeleter";
import { acceptTeamInvitationLink } from "../../commands/teamInvitationAccepter";
import { cancelTeamInvitation } from "../../commands/teamInvitationCanceller";
import { inviteTeamMember } from "../../commands/teamMemberInviter";
import { removeTeamMember, setTeamMemberRole } from "../../commands/teamMemberManager";
import { updateTeam } from "../../commands/teamUpdater";
import type { AppContext } from "../../context";
import { rateLimited } from "../../errors";
import { loadTeamAccess, loadTeamForMember, loadTeamMember, teamPolicy } from "../../policies/teamPolicy";
import { presentTeam } from "../../presenters/teamPresenter";
import { teamSessions } from "../../queries/sessionLists";
import { sessionViews } from "../../queries/sessionViews";
import { teamAuditEntryViews } from "../../queries/teamAudit";
import { pendingTeamInvitationViews } from "../../queries/teamInvitations";
import { teamsOfUser } from "../../queries/teamLists";
import { teamMemberViews } from "../../queries/teamMembers";

const teamParams = z.object({ id: z.string() });
const memberParams = z.object({ id: z.string(), userId: z.string() });
const invitationParams = z.object({ id: z.string(), invitationId: z.string() });
const tokenParams = z.object({ token: z.string().min(1).max(200) });

/**
 * Teams, members, roles and invitations (spec part 1 section 7, part 2 sections 6-7; issue #11
 * section 1), settings, deletion and the audit log (issue #22). Every rule is in teamPolicy; 403
 * TEAM_ACCESS_DENIED for non-members (an open team's page and sessions list excepted), 403
 * PERMISSION_DENIED for members without the role.
 */
export const teamRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  /** The inviter of a request, for the per-user invitation budget (TEAM_INVITE_RATE_LIMIT_PER_HOUR). */
  const inviters = new WeakMap<FastifyRequest, string>();
  const inviteLimiter = app.createRateLimit({
    max: ctx.config.mail.invitesPerHour,
    timeWindow: 60 * 60 * 1000,
    keyGenerator: (request) => `team-invite|${inviters.get(request) ?? request.ip}`,
  });

  app.get("/api/teams", async (request) => {
    const user = await requireUser(ctx.db, request);
    return (await teamsOfUser(ctx, user.id)).map(({ team, role }) => presentTeam(team, role));
  });

  app.post("/api/teams", { schema: { body: createTeamSchema } }, async (request, reply) => {
    const user = await requireUser(ctx.db, request);
    return reply.status(201).send(await createTeam(ctx, user, request.body));
  });

  /** Members; any signed-in user too while the team is open (privateTeam off, issue #22). */
  app.get("/api/teams/:id", { schema: { params: teamParams } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    const access = await loadTeamAccess(ctx.db, user, request.params.id);
    return presentTeam(teamPolicy.read(access), access.role);
  });

  app.get("/api/teams/:id/members", { schema: { params: teamParams } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    const team = await loadTeamForMember(ctx.db, user, request.params.id);
    return teamMemberViews(ctx, team.id);
  });

  /** Members; any signed-in user too while the team is open (privateTeam off, issue #22). */
  app.get("/api/teams/:id/sessions", { schema: { params: teamParams } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    const team = teamPolicy.read(await loadTeamAccess(ctx.db, user, request.params.id));
    return sessionViews(ctx, await teamSessions(ctx, team.id));
  });

  /**
   * Name and description: the owner; `settings` alone (issue #22): the owner or an admin. A
   * request with both needs the owner.
   */
  app.patch("/api/teams/:id", { schema: { params: teamParams, body: updateTeamSchema } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    const access = await loadTeamAccess(ctx.db, user, request.params.id);
    const team = editsTeamDetails(request.body) ? teamPolicy.update(access) : teamPolicy.updateSettings(access);
    return updateTeam(ctx, team, request.body, access.role);
  });

  /** The owner deletes the team; its sessions stay with their creators, detached (issue #22). */
  app.delete("/api/teams/:id", { schema: { params: teamParams } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    const team = teamPolicy.delete(await loadTeamAccess(ctx.db, user, request.params.id));
    return deleteTeam(ctx, team);
  });

  /** Who changed a story's final points and when, newest first (issue #22): owner and admins. */
  app.get(
    "/api/teams/:id/audit",
    { schema: { params: teamParams, querystring: teamAuditQuerySchema } },
    async (request) => {
      const user = await requireUser(ctx.db, request);
      const team = teamPolicy.readAudit(await loadTeamAccess(ctx.db, user, request.params.id));
      return teamAuditEntryViews(ctx, team.id, request.query.limit);
    },
  );

  app.post(
    "/api/teams/:id/invite",
    { schema: { params: teamParams, body: inviteTeamMemberSchema } },
    async (request) => {
      const user = await requireUser(ctx.db, request);
      const team = teamPolicy.manageMembers(await loadTeamAccess(ctx.db, user, request.params.id));
      inviters.set(request, user.id);
      const verdict = await inviteLimiter(request);
      if (!verdict.isAllowed && verdict.isExceeded) throw rateLimited(verdict.ttlInSeconds);
      const baseUrl = publicOrigin(ctx.config, request);
      return inviteTeamMember(ctx, team, user, request.body, baseUrl, request.log);
    },
  );

  app.patch(
    "/api/teams/:id/members/:userId",
    { schema: { params: memberParams, body: memberRoleSchema } },
    async (request) => {
      const user = await requireUser(ctx.db, request);
      const access = await loadTeamAccess(ctx.db, user, request.params.id);
      const team = teamPolicy.manageMembers(access);
      const target = teamPolicy.manageMember(access, await loadTeamMember(ctx.db, team.id, request.params.userId));
      return setTeamMemberRole(ctx, target, request.body.role);
    },
  );

  app.delete("/api/teams/:id/members/:userId", { schema: { params: memberParams } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    const access = await loadTeamAccess(ctx.db, user, request.params.id);
    const team = teamPolicy.manageMembers(access);
    const target = teamPolicy.manageMember(access, await loadTeamMember(ctx.db, team.id, request.params.userId));
    await removeTeamMember(ctx, target);
    return { message: "Member removed", userId: target.userId };
  });

  app.get("/api/teams/:id/invitations", { schema: { params: teamParams } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    const team = teamPolicy.manageMembers(await loadTeamAccess(ctx.db, user, request.params.id));
    return pendingTeamInvitationViews(ctx, team.id);
  });

  app.delete("/api/teams/:id/invitations/:invitationId", { schema: { params: invitationParams } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    const team = teamPolicy.manageMembers(await loadTeamAccess(ctx.db, user, request.params.id));
    await cancelTeamInvitation(ctx, team.id, request.params.invitationId);
    return { message: "Invitation cancelled", invitationId: request.params.invitationId };
  });

  /** Opened from the invitation link's page (/invite/{token}) by a signed-in user. */
  app.post("/api/team-invitations/:token/accept", { schema: { params: tokenParams } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    return acceptTeamInvitationLink(ctx, user, request.params.token);
  });
};
