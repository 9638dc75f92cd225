import { isUuid } from "@pointwise/core/ids";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { Db } from "../db/database";
import { teamMembers, teams } from "../db/schema";
import { notFound, teamAccessDenied } from "../errors";
import type { TeamRow } from "../presenters/teamPresenter";

/** Who is calling, as far as one team is concerned. */
export interface TeamAccess {
  /** The team, or null when no team has that id. */
  team: TeamRow | null;
  user: UserRow;
  /** True when `user` has a `team_members` row in the team (owner or member). */
  isMember: boolean;
}

/**
 * The caller's membership of one team, in one query (the team left-joined with the caller's
 * membership row). The only place a single team's membership is looked up.
 */
export async function loadTeamAccess(db: Db, user: UserRow, teamId: string): Promise<TeamAccess> {
  if (!isUuid(teamId)) return { team: null, user, isMember: false };
  const [row] = await db
    .select({ team: teams, memberId: teamMembers.id })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, user.id)))
    .where(eq(teams.id, teamId));
  return { team: row?.team ?? null, user, isMember: !!row?.memberId };
}

/**
 * The ids of the teams `userId` belongs to, as a subquery for list filters (`inArray(x.teamId,
 * memberTeamIds(id))`): the same membership rule as `loadTeamAccess`, for many rows at once.
 */
export const memberTeamIds = (userId: string): SQL =>
  sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})`;

/** Who may do what with a team, declared in one place (spec part 2 section 2). */
export const teamPolicy = {
  /**
   * See a team, its members and its sessions: members only; non-members get a not-found view.
   * @throws 404 NOT_FOUND for an unknown team; 403 TEAM_ACCESS_DENIED for a non-member.
   * @returns the team
   */
  view(access: TeamAccess): TeamRow {
    if (!access.team) throw notFound("Team not found");
    if (!access.isMember) throw teamAccessDenied();
    return access.team;
  },
  /**
   * Put a session in a team (create or edit session): members only. An unknown team answers
   * the same as a foreign one, so the call reveals nothing about other teams.
   * @throws 403 TEAM_ACCESS_DENIED
   */
  assignSession(access: TeamAccess): void {
    if (!access.isMember) throw teamAccessDenied();
  },
};

/**
 * The team, if `user` is a member (spec part 2 section 2: non-members get a not-found view).
 * @throws 404 NOT_FOUND for an unknown team; 403 TEAM_ACCESS_DENIED for a non-member.
 */
export async function loadTeamForMember(db: Db, user: UserRow, teamId: string): Promise<TeamRow> {
  return teamPolicy.view(await loadTeamAccess(db, user, teamId));
}
