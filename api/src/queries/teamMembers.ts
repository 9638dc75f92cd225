import type { TeamMemberView } from "@pointwise/core/presented";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { teamMembers, users } from "../db/schema";

/** Members of a team with their users, owner first; only `userId`'s row when given. */
export async function teamMemberViews(ctx: AppContext, teamId: string, userId?: string): Promise<TeamMemberView[]> {
  const rows = await ctx.db
    .select({ m: teamMembers, u: users })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), userId ? eq(teamMembers.userId, userId) : undefined))
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
