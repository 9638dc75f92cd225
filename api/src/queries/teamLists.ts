import { inArray } from "drizzle-orm";
import type { AppContext } from "../context";
import { teams } from "../db/schema";
import { memberTeamIds } from "../policies/teamPolicy";
import type { TeamRow } from "../presenters/teamPresenter";

/** The teams a user belongs to, by name (spec part 1 section 7, create-session dialog). */
export async function teamsOfUser(ctx: AppContext, userId: string): Promise<TeamRow[]> {
  return ctx.db
    .select()
    .from(teams)
    .where(inArray(teams.id, memberTeamIds(userId)))
    .orderBy(teams.name);
}
