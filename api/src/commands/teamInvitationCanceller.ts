import { isUuid } from "@pointwise/core/ids";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { teamInvitations } from "../db/schema";
import { notFound } from "../errors";

/**
 * Withdraws an invitation of a team (DELETE /api/teams/{id}/invitations/{invitationId}; owner
 * or admin): its link stops working at once.
 * @throws 404 NOT_FOUND when the team has no invitation with that id.
 */
export async function cancelTeamInvitation(ctx: AppContext, teamId: string, invitationId: string): Promise<void> {
  if (!isUuid(invitationId)) throw notFound("Invitation not found");
  const removed = await ctx.db
    .delete(teamInvitations)
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId)))
    .returning({ id: teamInvitations.id });
  if (removed.length === 0) throw notFound("Invitation not found");
}
