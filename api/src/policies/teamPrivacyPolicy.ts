import { isUuid } from "@pointwise/core/ids";
import { ANONYMOUS_NOT_ALLOWED_MESSAGE, PRIVATE_TEAM_MESSAGE } from "@pointwise/core/joinInfo";
import type { TeamSettings } from "@pointwise/core/teamSchemas";
import { voterKeyOf } from "@pointwise/core/voters";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { pointingSessions, teams } from "../db/schema";
import { permissionDenied } from "../errors";
import { teamSettingsOf } from "../presenters/teamPresenter";
import type { SessionAccess } from "./sessionPolicy";

/**
 * The settings of a team (issue #22) by its id, or null for no id or no such team (a session
 * without a team: no team rule applies). Read inside the join's transaction where there is one.
 */
export async function loadSessionTeamSettings(db: Db | Tx, teamId: string | null): Promise<TeamSettings | null> {
  if (!teamId) return null;
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  return team ? teamSettingsOf(team) : null;
}

/**
 * The settings of a session's team, by the session's id, in one query; null for an unknown or
 * malformed session id or a session without a team.
 */
export async function loadTeamSettingsOfSession(db: Db, sessionId: string): Promise<TeamSettings | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await db
    .select({ team: teams })
    .from(pointingSessions)
    .innerJoin(teams, eq(teams.id, pointingSessions.teamId))
    .where(eq(pointingSessions.id, sessionId));
  return row ? teamSettingsOf(row.team) : null;
}

/**
 * Who a team's settings let into its sessions (issue #22), declared in one place beside
 * sessionPolicy. Only new joins are judged: people already in a session stay in it.
 */
export const teamPrivacyPolicy = {
  /**
   * A guest joins by name (`POST /api/sessions/{id}/join-anonymous`): refused while the
   * session's team has `allowAnonymousParticipants` off.
   * @throws 403 PERMISSION_DENIED "This team does not allow anonymous participants."
   */
  joinAnonymously(settings: TeamSettings | null): void {
    if (settings && !settings.allowAnonymousParticipants) throw permissionDenied(ANONYMOUS_NOT_ALLOWED_MESSAGE);
  },
  /**
   * A signed-in user joins with the share link (`POST /api/sessions/{id}/join`): in a session of
   * a private team (`privateTeam` on) only those who may already see it as themselves (leader,
   * team member, participant, invited by e-mail; sessionPolicy) are admitted. A removed
   * participant passes here to get PARTICIPANT_REMOVED from the join itself. Guests are judged by
   * `joinAnonymously` alone, and a Teams meeting's attendees by the meeting's binding.
   * @throws 403 PERMISSION_DENIED (PRIVATE_TEAM_MESSAGE) for anyone else.
   */
  joinByLink(access: SessionAccess, settings: TeamSettings | null): void {
    if (!settings?.privateTeam || access.removed) return;
    if (access.user && access.voterKey === voterKeyOf({ userId: access.user.id })) return;
    throw permissionDenied(PRIVATE_TEAM_MESSAGE);
  },
};
