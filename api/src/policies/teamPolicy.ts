import { isUuid } from "@pointwise/core/ids";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { Db } from "../db/database";
import { teamMembers, teams } from "../db/schema";
import { notFound, permissionDenied, teamAccessDenied } from "../errors";
import type { TeamRow } from "../presenters/teamPresenter";

/** Who is calling, as far as one team is concerned. */
export interface TeamAccess {
  /** The team, or null when no team has that id. */
  team: TeamRow | null;
  user: UserRow;
  /** True when `user` has a `team_members` row in the team (owner or member). */
  isMember: boolean;
  /** The caller's role in the team (`owner` for the creator), or null for a non-member. */
  role: TeamMemberRow["role"] | null;
}

/** A row of `team_members`. */
export type TeamMemberRow = typeof teamMembers.$inferSelect;

/**
 * The caller's membership of one team, in one query (the team left-joined with the caller's
 * membership row). The only place a single team's membership is looked up.
 */
export async function loadTeamAccess(db: Db, user: UserRow, teamId: string): Promise<TeamAccess> {
  if (!isUuid(teamId)) return { team: null, user, isMember: false, role: null };
  const [row] = await db
    .select({ team: teams, memberId: teamMembers.id, role: teamMembers.role })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, user.id)))
    .where(eq(teams.id, teamId));
  return { team: row?.team ?? null, user, isMember: !!row?.memberId, role: row?.role ?? null };
}

/**
 * The ids of the teams `userId` belongs to, as a subquery for list filters (`inArray(x.teamId,
 * memberTeamIds(id))`): the same membership rule as `loadTeamAccess`, for many rows at once.
 */
export const memberTeamIds = (userId: string): SQL =>
  sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})`;

/** Roles that administer a team's members and invitations (spec part 2 section 6). */
const MEMBER_ADMIN_ROLES: ReadonlyArray<TeamMemberRow["role"]> = ["owner", "admin"];

/**
 * Who may do what with a team, declared in one place (spec part 2 sections 2 and 6; issue #11
 * section 1; issue #22). Non-members always get 404/403 TEAM_ACCESS_DENIED first, so a
 * member-only rule never tells an outsider more than `view` does; `read` alone lets outsiders
 * of an open team through.
 */
export const teamPolicy = {
  /**
   * See the team itself and its sessions list (GET /api/teams/{id}, GET /api/teams/{id}/sessions):
   * members; and, when the team is open (`privateTeam` off, issue #22), any signed-in user, read
   * only, so they find its sessions and join one as any share-link visitor would. A private team
   * (the default) stays its members' alone: non-members get a not-found view.
   * @throws 404 NOT_FOUND for an unknown team; 403 TEAM_ACCESS_DENIED for a non-member of a private team.
   * @returns the team
   */
  read(access: TeamAccess): TeamRow {
    if (access.team && !access.isMember && !access.team.privateTeam) return access.team;
    return teamPolicy.view(access);
  },
  /**
   * Everything else a member sees of a team (its members, the team's live pushes) and the
   * ground of every other rule: members only, whatever `privateTeam` says.
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
  /**
   * Edit the team's name and description: the owner only (spec part 2 section 6).
   * @throws as `view`; 403 PERMISSION_DENIED for any other member.
   */
  update(access: TeamAccess): TeamRow {
    const team = teamPolicy.view(access);
    if (access.role !== "owner") throw permissionDenied("Only the team owner can edit the team.");
    return team;
  },
  /**
   * Change the privacy and compliance settings (issue #22): the owner or an admin. Name and
   * description stay the owner's (`update`); a request changing both needs `update`.
   * @throws as `view`; 403 PERMISSION_DENIED for members and moderators.
   */
  updateSettings(access: TeamAccess): TeamRow {
    const team = teamPolicy.view(access);
    if (!access.role || !MEMBER_ADMIN_ROLES.includes(access.role)) {
      throw permissionDenied("Only the team owner or an admin can change the team's settings.");
    }
    return team;
  },
  /**
   * Read the audit log (issue #22): the owner or an admin.
   * @throws as `view`; 403 PERMISSION_DENIED for members and moderators.
   */
  readAudit(access: TeamAccess): TeamRow {
    const team = teamPolicy.view(access);
    if (!access.role || !MEMBER_ADMIN_ROLES.includes(access.role)) {
      throw permissionDenied("Only the team owner or an admin can read the audit log.");
    }
    return team;
  },
  /**
   * Delete the team (issue #22): the owner alone; to anyone else, members and admins included,
   * the team is not theirs to delete: 403 TEAM_ACCESS_DENIED (the code).
   * @throws 404 NOT_FOUND for an unknown team; 403 TEAM_ACCESS_DENIED for everyone but the owner.
   */
  delete(access: TeamAccess): TeamRow {
    if (!access.team) throw notFound("Team not found");
    if (access.role !== "owner") throw teamAccessDenied();
    return access.team;
  },
  /**
   * Invite, list and cancel invitations: the owner or an admin (spec part 2 section 6).
   * @throws as `view`; 403 PERMISSION_DENIED for members and moderators.
   */
  manageMembers(access: TeamAccess): TeamRow {
    const team = teamPolicy.view(access);
    if (!access.role || !MEMBER_ADMIN_ROLES.includes(access.role)) {
      throw permissionDenied("Only the team owner or an admin can manage members.");
    }
    return team;
  },
  /**
   * Change one member's role or remove them: the owner or an admin, never themselves nor the
   * owner (spec part 2 section 6).
   * @param target the member's row in this team, or null when the user is not a member
   * @throws as `manageMembers`; 404 NOT_FOUND when `target` is null; 403 PERMISSION_DENIED for
   *   oneself or the owner.
   */
  manageMember(access: TeamAccess, target: TeamMemberRow | null): TeamMemberRow {
    teamPolicy.manageMembers(access);
    if (!target) throw notFound("Member not found");
    if (target.userId === access.user.id) throw permissionDenied("You cannot change your own membership.");
    if (target.role === "owner") throw permissionDenied("The team owner cannot be changed or removed.");
    return target;
  },
};

/**
 * The member row of `userId` in `teamId`, or null (no row, or an id that is not a uuid).
 * Read for `teamPolicy.manageMember`.
 */
export async function loadTeamMember(db: Db, teamId: string, userId: string): Promise<TeamMemberRow | null> {
  if (!isUuid(userId)) return null;
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row ?? null;
}

/**
 * The team, if `user` is a member (spec part 2 section 2: non-members get a not-found view).
 * @throws 404 NOT_FOUND for an unknown team; 403 TEAM_ACCESS_DENIED for a non-member.
 */
export async function loadTeamForMember(db: Db, user: UserRow, teamId: string): Promise<TeamRow> {
  return teamPolicy.view(await loadTeamAccess(db, user, teamId));
}
