import type { TeamChange } from "@pointwise/core/realtime";
import type { AppContext } from "../context";

/**
 * Tells the watchers of a team (`watch_team`, every instance) that it changed (issue #11):
 * `team_updated {teamId, change, userId?}`. Call after the change has committed (STYLE.md
 * point 6). A failed publish is swallowed (the change itself has succeeded).
 */
export async function publishTeamUpdated(
  ctx: AppContext,
  teamId: string,
  change: TeamChange,
  userId?: string,
): Promise<void> {
  await ctx.hub
    .publishTeam(teamId, { type: "team_updated", teamId, change, ...(userId ? { userId } : {}) })
    .catch(() => undefined);
}
