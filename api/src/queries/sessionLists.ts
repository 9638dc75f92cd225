import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import { pointingSessions } from "../db/schema";
import { type SessionRow, sessionsVisibleTo } from "../policies/sessionPolicy";

/**
 * The sessions a user can see (sessionsVisibleTo), active ones newest first or archived ones
 * most recently archived first (spec part 1 section 4, dashboard and archive).
 */
export async function visibleSessions(ctx: AppContext, user: UserRow, archived: boolean): Promise<SessionRow[]> {
  return ctx.db
    .select()
    .from(pointingSessions)
    .where(
      and(
        sessionsVisibleTo(user),
        archived ? isNotNull(pointingSessions.archivedAt) : isNull(pointingSessions.archivedAt),
      ),
    )
    .orderBy(desc(archived ? pointingSessions.archivedAt : pointingSessions.createdAt));
}

/** A team's sessions, newest first (the caller's membership is checked by teamPolicy). */
export async function teamSessions(ctx: AppContext, teamId: string): Promise<SessionRow[]> {
  return ctx.db
    .select()
    .from(pointingSessions)
    .where(eq(pointingSessions.teamId, teamId))
    .orderBy(desc(pointingSessions.createdAt));
}
