import type { TeamAuditEntryView } from "@pointwise/core/presented";
import { desc, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { teamAuditEntries } from "../db/schema";
import { presentTeamAuditEntry } from "../presenters/teamAuditPresenter";

/**
 * A team's audit log (issue #22), newest first, at most `limit` entries (the route's 1-500,
 * default 100). Entries recorded while the log was on stay readable after it is turned off.
 */
export async function teamAuditEntryViews(
  ctx: AppContext,
  teamId: string,
  limit: number,
): Promise<TeamAuditEntryView[]> {
  const rows = await ctx.db
    .select()
    .from(teamAuditEntries)
    .where(eq(teamAuditEntries.teamId, teamId))
    .orderBy(desc(teamAuditEntries.createdAt), desc(teamAuditEntries.id))
    .limit(limit);
  return rows.map(presentTeamAuditEntry);
}
