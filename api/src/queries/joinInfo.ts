import { isUuid } from "@pointwise/core/ids";
import type { JoinInfo } from "@pointwise/core/joinInfo";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions, sessionParticipants, teams } from "../db/schema";

/**
 * The public facts of a join link (issue #8 section 6): id, title and status (`archived` when
 * archived, `full` at maxParticipants, else `open`), and whether guests may join (the team's
 * `allowAnonymousParticipants`, issue #22; true without a team); null for an unknown, deleted or
 * malformed id.
 */
export async function joinInfoOf({ db }: Pick<AppContext, "db">, sessionId: string): Promise<JoinInfo | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await db
    .select({
      id: pointingSessions.id,
      title: pointingSessions.title,
      archivedAt: pointingSessions.archivedAt,
      maxParticipants: pointingSessions.maxParticipants,
      anonymousAllowed: teams.allowAnonymousParticipants,
    })
    .from(pointingSessions)
    .leftJoin(teams, eq(teams.id, pointingSessions.teamId))
    .where(eq(pointingSessions.id, sessionId));
  if (!row) return null;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionParticipants)
    .where(eq(sessionParticipants.sessionId, row.id));
  const full = (count?.n ?? 0) >= row.maxParticipants;
  return {
    id: row.id,
    title: row.title,
    status: row.archivedAt ? "archived" : full ? "full" : "open",
    anonymousAllowed: row.anonymousAllowed ?? true,
  };
}
