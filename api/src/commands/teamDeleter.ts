import type { TeamDeletionResult } from "@pointwise/core/presented";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions, stories, teams } from "../db/schema";
import { notFound } from "../errors";
import type { TeamRow } from "../presenters/teamPresenter";
import { publishTeamUpdated } from "../realtime/teamUpdated";

/**
 * Deletes a team (DELETE /api/teams/{id}; the owner only, teamPolicy.delete; issue #22). One
 * transaction, the team row locked first: its sessions and their stories are detached (team
 * cleared; each session stays with its creator, leader and participants, and its `updatedAt`
 * is not touched, so the retention job's "ended" is unchanged), then the team row goes and with
 * it (cascades) its members, invitations, integrations, audit log and estimate history. A failure
 * anywhere rolls all of it back. After the commit the team's watchers are told: being no longer
 * members, each gets `team_access_revoked` (routes/ws/wsSocket re-reads membership before a push).
 * @throws 404 NOT_FOUND when the team was deleted meanwhile.
 */
export async function deleteTeam(ctx: AppContext, team: TeamRow): Promise<TeamDeletionResult> {
  const sessionsDetached = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, team.id)).for("update");
    if (!locked) throw notFound("Team not found");
    const detached = await tx
      .update(pointingSessions)
      .set({ teamId: null })
      .where(eq(pointingSessions.teamId, team.id))
      .returning({ id: pointingSessions.id });
    await tx.update(stories).set({ teamId: null }).where(eq(stories.teamId, team.id));
    await tx.delete(teams).where(eq(teams.id, team.id));
    return detached.length;
  });
  await publishTeamUpdated(ctx, team.id, "team_edited");
  return { message: "Team deleted", teamId: team.id, sessionsDetached };
}
