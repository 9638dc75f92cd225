import type { TeamRole } from "@pointwise/core/enumerations";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { teamMembers, teams } from "../db/schema";
import type { TeamRow } from "../presenters/teamPresenter";

/**
 * The teams a user belongs to, by name, each with the user's role in it (spec part 1 section 7,
 * create-session dialog; the role is the team view's `viewerRole`).
 */
export async function teamsOfUser(ctx: AppContext, userId: string): Promise<{ team: TeamRow; role: TeamRole }[]> {
  return ctx.db
    .select({ team: teams, role: teamMembers.role })
    .from(teams)
    .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .where(eq(teamMembers.userId, userId))
    .orderBy(teams.name);
}
