import type { TeamRole } from "@pointwise/core/enumerations";
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
 * Renames a team, changes its description and/or its privacy and compliance settings
 * (PATCH /api/teams/{id}; name and description the owner's, teamPolicy.update; settings the
 * owner's or an admin's, teamPolicy.updateSettings; issue #22). One UPDATE: an absent field or
 * setting stays as it is; `description: null` clears it. The team's watchers get `team_updated`.
 * `viewerRole` is the caller's role (owner or admin), for the answer's team view.
 * @throws 409 DUPLICATE_TEAM when the creator already has another team of that name.
 */
export async function updateTeam(
  ctx: AppContext,
  team: TeamRow,
  input: UpdateTeamInput,
  viewerRole: TeamRole | null,
): Promise<TeamView> {
  const set: Partial<typeof teams.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  const settings = input.settings ?? {};
  if (settings.allowAnonymousParticipants !== undefined) {
    set.allowAnonymousParticipants = settings.allowAnonymousParticipants;
  }
  if (settings.privateTeam !== undefined) set.privateTeam = settings.privateTeam;
  if (settings.auditLog !== undefined) set.auditLog = settings.auditLog;
  if (settings.dataRetention !== undefined) set.dataRetention = settings.dataRetention;
  let row: TeamRow | undefined;
  try {
    [row] = await ctx.db.update(teams).set(set).where(eq(teams.id, team.id)).returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateTeam();
    throw err;
  }
  if (!row) throw notFound("Team not found"); // deleted since it was read
  await publishTeamUpdated(ctx, team.id, "team_edited");
  return presentTeam(row, viewerRole);
}
