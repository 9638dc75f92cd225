import type { TeamMemberView } from "@pointwise/core/presented";
import type { AssignableTeamRole } from "@pointwise/core/teamSchemas";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { teamMembers } from "../db/schema";
import { notFound } from "../errors";
import type { TeamMemberRow } from "../policies/teamPolicy";
import { teamMemberViews } from "../queries/teamMembers";
import { publishTeamUpdated } from "../realtime/teamUpdated";

/**
 * Gives a member another role (PATCH /api/teams/{id}/members/{userId}); `target` passed
 * teamPolicy.manageMember (not the caller, not the owner). The team's watchers get `team_updated`.
 * @throws 404 NOT_FOUND when the member left meanwhile.
 */
export async function setTeamMemberRole(
  ctx: AppContext,
  target: TeamMemberRow,
  role: AssignableTeamRole,
): Promise<TeamMemberView> {
  await ctx.db.update(teamMembers).set({ role }).where(eq(teamMembers.id, target.id));
  await publishTeamUpdated(ctx, target.teamId, "member_role", target.userId);
  const [view] = await teamMemberViews(ctx, target.teamId, target.userId);
  if (!view) throw notFound("Member not found");
  return view;
}

/**
 * Removes a member from the team (DELETE /api/teams/{id}/members/{userId}); `target` passed
 * teamPolicy.manageMember. Their sessions stay in the team; they no longer see them. The team's
 * watchers are told (`team_updated`); the removed member's own watch ends (`team_access_revoked`).
 */
export async function removeTeamMember(ctx: AppContext, target: TeamMemberRow): Promise<void> {
  await ctx.db.delete(teamMembers).where(eq(teamMembers.id, target.id));
  await publishTeamUpdated(ctx, target.teamId, "member_removed", target.userId);
}
