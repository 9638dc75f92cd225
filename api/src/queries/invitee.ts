import { and, eq } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import { teamMembers, users } from "../db/schema";
import { userNotFound } from "../errors";
import type { SessionRow } from "../policies/sessionPolicy";

/**
 * The member of the session's team an invitation by id names (spec part 1 section 7: team
 * members invited once per member). Only team members, who may see the session already, are
 * added this way; anyone else is invited by e-mail (issue #7: no one added without consent).
 * @throws 404 USER_NOT_FOUND alike for an unknown id and for someone outside the team.
 */
export async function findTeamInvitee(ctx: AppContext, session: SessionRow, userId: string): Promise<UserRow> {
  const [found] = session.teamId
    ? await ctx.db
        .select({ user: users })
        .from(users)
        .innerJoin(teamMembers, and(eq(teamMembers.userId, users.id), eq(teamMembers.teamId, session.teamId)))
        .where(eq(users.id, userId))
    : [];
  if (!found) throw userNotFound("No member of this session's team has that id");
  return found.user;
}
