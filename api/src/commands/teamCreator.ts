import type { TeamView } from "@pointwise/core/presented";
import type { CreateTeamInput } from "@pointwise/core/teamSchemas";
import { and, eq } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import { teamMembers, teams } from "../db/schema";
import { duplicateTeam } from "../errors";
import { presentTeam } from "../presenters/teamPresenter";

/**
 * Creates a team whose creator becomes its owner member.
 * @throws 409 DUPLICATE_TEAM when the creator already has a team of that name.
 */
export async function createTeam(ctx: AppContext, user: UserRow, input: CreateTeamInput): Promise<TeamView> {
  const team = await ctx.db.transaction(async (tx) => {
    const clash = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.creatorId, user.id), eq(teams.name, input.name)));
    if (clash.length > 0) throw duplicateTeam();
    const [row] = await tx
      .insert(teams)
      .values({ name: input.name, description: input.description, creatorId: user.id })
      .returning();
    if (!row) throw new Error("unreachable: insert returned no row");
    await tx.insert(teamMembers).values({ teamId: row.id, userId: user.id, role: "owner" });
    return row;
  });
  return presentTeam(team, "owner");
}
