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

/**
 * Tells a user who has just joined a team (an existing account invited, or an invitation
 * accepted; issue #11) on each of their sockets that sent `watch_my_teams`, on every instance:
 * `team_added {teamId}`, so an open dashboard shows the team and its sessions. Call after the
 * change has committed; a failed publish is swallowed (the change itself has succeeded).
 */
export async function publishTeamAdded(ctx: AppContext, userId: string, teamId: string): Promise<void> {
  await ctx.hub.publishUser(userId, { type: "team_added", teamId }).catch(() => undefined);
}
