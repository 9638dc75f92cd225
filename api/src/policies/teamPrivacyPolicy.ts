import { ANONYMOUS_NOT_ALLOWED_MESSAGE } from "@pointwise/core/joinInfo";
import type { TeamSettings } from "@pointwise/core/teamSchemas";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { teams } from "../db/schema";
import { permissionDenied } from "../errors";
import { teamSettingsOf } from "../presenters/teamPresenter";

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
 * Who a team's settings let into its sessions (issue #22), declared in one place beside
 * sessionPolicy. Only new joins are judged: people already in a session stay in it. `privateTeam`
 * judges no join (the share link admits signed-in users either way): it decides who reads the
 * team and its sessions list (teamPolicy.read).
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
};
