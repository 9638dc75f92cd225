import { isUuid } from "@pointwise/core/ids";
import type { TeamMemberView, TeamView } from "@pointwise/core/presented";
import type { CreateTeamInput } from "@pointwise/core/teamSchemas";
import { and, eq } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import { teamMembers, teams, users } from "../db/schema";
import { duplicateTeam, notFound, teamAccessDenied } from "../errors";

/** A row of `teams`. */
export type TeamRow = typeof teams.$inferSelect;

/** A team as the client sees it. */
export function presentTeam(team: TeamRow): TeamView {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    creatorId: team.creatorId,
    createdAt: team.createdAt.toISOString(),
  };
}

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
  return presentTeam(team);
}

/**
 * The team, if `user` is a member (spec part 2 section 2: non-members get a not-found view).
 * @throws 404 NOT_FOUND for an unknown team; 403 TEAM_ACCESS_DENIED for a non-member.
 */
export async function loadTeamForMember(ctx: AppContext, user: UserRow, teamId: string): Promise<TeamRow> {
  const [team] = isUuid(teamId) ? await ctx.db.select().from(teams).where(eq(teams.id, teamId)) : [];
  if (!team) throw notFound("Team not found");
  const member = await ctx.db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, user.id)));
  if (member.length === 0) throw teamAccessDenied();
  return team;
}

/** Members of a team with their users, owner first. */
export async function teamMemberViews(ctx: AppContext, teamId: string): Promise<TeamMemberView[]> {
  const rows = await ctx.db
    .select({ m: teamMembers, u: users })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(teamMembers.joinedAt);
  return rows.map(({ m, u }) => ({
    id: m.id,
    role: m.role,
    joinedAt: m.joinedAt.toISOString(),
    user: {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      profileImageUrl: u.profileImageUrl,
    },
  }));
}
