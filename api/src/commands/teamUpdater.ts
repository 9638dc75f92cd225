import type { TeamView } from "@pointwise/core/presented";
import type { UpdateTeamInput } from "@pointwise/core/teamSchemas";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { teams } from "../db/schema";
import { isUniqueViolation } from "../db/uniqueViolation";
import { duplicateTeam, notFound } from "../errors";
import { presentTeam, type TeamRow } from "../presenters/teamPresenter";
import { publishTeamUpdated } from "../realtime/teamUpdated";

/**
 * Renames a team or changes its description (PATCH /api/teams/{id}; owner only, teamPolicy.update).
 * An absent field stays as it is; `description: null` clears it. The team's watchers get `team_updated`.
 * @throws 409 DUPLICATE_TEAM when the creator already has another team of that name.
 */
export async function updateTeam(ctx: AppContext, team: TeamRow, input: UpdateTeamInput): Promise<TeamView> {
  const set: Partial<typeof teams.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  let row: TeamRow | undefined;
  try {
    [row] = await ctx.db.update(teams).set(set).where(eq(teams.id, team.id)).returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateTeam();
    throw err;
  }
  if (!row) throw notFound("Team not found"); // deleted since it was read
  await publishTeamUpdated(ctx, team.id, "team_edited");
  return presentTeam(row);
}
