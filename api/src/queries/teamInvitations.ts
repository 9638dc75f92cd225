import type { TeamInvitationView } from "@pointwise/core/presented";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { teamInvitations } from "../db/schema";
import { presentTeamInvitation } from "../presenters/teamInvitationPresenter";

/** Pending (not accepted, not expired) invitations of a team, oldest first (issue #11 section 1). */
export async function pendingTeamInvitationViews(ctx: AppContext, teamId: string): Promise<TeamInvitationView[]> {
  const rows = await ctx.db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        isNull(teamInvitations.acceptedAt),
        gt(teamInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(teamInvitations.createdAt);
  return rows.map(presentTeamInvitation);
}
