import type { TeamInvitationAcceptance } from "@pointwise/core/presented";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import { teamInvitations, teamMembers } from "../db/schema";
import { notFound } from "../errors";
import { publishTeamAdded, publishTeamUpdated } from "../realtime/teamUpdated";
import { hashInvitationToken } from "./teamMemberInviter";

const pending = and(isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, sql`now()`));

/**
 * Joins `user` to every team with a pending invitation for their e-mail and marks those
 * invitations accepted (issue #11 section 1: registering or signing in with the invited
 * address joins the team). Called after register and login; one indexed UPDATE when there
 * are none. A membership that exists already is kept as it is. The teams' watchers get
 * `team_updated`, the user's own sockets `team_added`.
 * @returns the ids of the teams joined
 */
export async function acceptTeamInvitationsByEmail(ctx: AppContext, user: UserRow): Promise<string[]> {
  const email = user.email?.toLowerCase();
  if (!email) return [];
  const teamIds = await ctx.db.transaction(async (tx) => {
    const accepted = await tx
      .update(teamInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(and(eq(teamInvitations.email, email), pending))
      .returning({ teamId: teamInvitations.teamId, role: teamInvitations.role });
    if (accepted.length === 0) return [];
    await tx
      .insert(teamMembers)
      .values(accepted.map((a) => ({ teamId: a.teamId, userId: user.id, role: a.role })))
      .onConflictDoNothing();
    return accepted.map((a) => a.teamId);
  });
  for (const teamId of teamIds) {
    await publishTeamUpdated(ctx, teamId, "members_added", user.id);
    await publishTeamAdded(ctx, user.id, teamId);
  }
  return teamIds;
}

/**
 * Accepts an invitation by its link (POST /api/team-invitations/{token}/accept): the signed-in
 * user joins with the invitation's role, whatever their e-mail (the link is the proof). Single
 * use: the UPDATE that marks it accepted only matches a pending row, so a second use, or a
 * race of two, finds nothing; only someone already in the invitation's team (e.g. who
 * registered with the invited address from the link's page) gets the team again.
 * @throws 404 NOT_FOUND for an unknown, used or expired link.
 */
export async function acceptTeamInvitationLink(
  ctx: AppContext,
  user: UserRow,
  token: string,
): Promise<TeamInvitationAcceptance> {
  const joined = await ctx.db.transaction(async (tx) => {
    const [accepted] = await tx
      .update(teamInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(and(eq(teamInvitations.tokenHash, hashInvitationToken(token)), pending))
      .returning({ teamId: teamInvitations.teamId, role: teamInvitations.role });
    if (!accepted) {
      // Registering through the link accepts it by e-mail first; the link then just leads to the team.
      const [member] = await tx
        .select({ teamId: teamMembers.teamId })
        .from(teamInvitations)
        .innerJoin(teamMembers, and(eq(teamMembers.teamId, teamInvitations.teamId), eq(teamMembers.userId, user.id)))
        .where(eq(teamInvitations.tokenHash, hashInvitationToken(token)));
      if (member) return { teamId: member.teamId, added: false };
      throw notFound("This invitation link is invalid, has been used or has expired.");
    }
    await tx
      .insert(teamMembers)
      .values({ teamId: accepted.teamId, userId: user.id, role: accepted.role })
      .onConflictDoNothing();
    return { teamId: accepted.teamId, added: true };
  });
  if (joined.added) {
    await publishTeamUpdated(ctx, joined.teamId, "members_added", user.id);
    await publishTeamAdded(ctx, user.id, joined.teamId);
  }
  return { teamId: joined.teamId };
}
