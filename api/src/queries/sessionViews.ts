import type { SessionView, StoryStats } from "@pointwise/core/presented";
import { OPEN_STORY_STATUSES } from "@pointwise/core/storyRules";
import { voterKeyOf } from "@pointwise/core/voters";
import { and, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Db, Tx } from "../db/database";
import { sessionParticipants, stories, votes } from "../db/schema";
import type { SessionRow } from "../policies/sessionPolicy";
import { presentSession, type SessionCounts } from "../presenters/sessionPresenter";

/** Counts of a session without stories. */
export const NO_STORIES: StoryStats = {
  totalStories: 0,
  openStories: 0,
  completedStories: 0,
  skippedStories: 0,
  storiesWithTicket: 0,
  totalPoints: 0,
  consensusStories: 0,
  medianFinalPoints: null,
};

/**
 * The story counts of sessions in one grouped read, whatever their backlogs (issue #22 section
 * 3: a join no longer reads every story to count them).
 */
export async function storyCountsOf(db: Db | Tx, ids: readonly string[]): Promise<Map<string, StoryStats>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      sessionId: stories.sessionId,
      totalStories: sql<number>`count(*)::int`,
      openStories: sql<number>`(count(*) filter (where ${inArray(stories.status, OPEN_STORY_STATUSES)}))::int`,
      completedStories: sql<number>`(count(*) filter (where ${stories.status} = 'completed'))::int`,
      skippedStories: sql<number>`(count(*) filter (where ${stories.status} = 'skipped'))::int`,
      storiesWithTicket: sql<number>`(count(*) filter (where ${stories.ticketNumber} is not null))::int`,
      totalPoints: sql<number>`coalesce(sum(${stories.finalPoints}) filter (where ${stories.status} = 'completed'), 0)::float8`,
      // Spec part 2 section 9: a completed story agrees when its votes range at most 1, or it has fewer than 2.
      consensusStories: sql<number>`(count(*) filter (where ${stories.status} = 'completed' and (
        select count(${votes.points}) < 2 or max(${votes.points}) - min(${votes.points}) <= 1
        from ${votes} where ${votes.storyId} = ${stories.id})))::int`,
      // The lower middle, as core medianLabel picks it (always a card someone chose).
      medianFinalPoints: sql<number | null>`(percentile_disc(0.5) within group (order by ${stories.finalPoints})
        filter (where ${stories.status} = 'completed' and ${stories.finalPoints} is not null))::float8`,
    })
    .from(stories)
    .where(inArray(stories.sessionId, [...ids]))
    .groupBy(stories.sessionId);
  return new Map(
    rows.map(({ sessionId, ...counts }) => [sessionId, { ...counts, totalPoints: Number(counts.totalPoints) }]),
  );
}

/** The counts of one session, with its participant count. */
export async function sessionCountsOf(
  db: Db | Tx,
  sessionId: string,
  participantCount: number,
): Promise<SessionCounts> {
  const counts = (await storyCountsOf(db, [sessionId])).get(sessionId) ?? NO_STORIES;
  return { ...counts, participantCount };
}

/** Presents sessions with their stats and status in three queries, whatever their number. */
export async function sessionViews(ctx: AppContext, rows: SessionRow[]): Promise<SessionView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const storyCounts = await storyCountsOf(ctx.db, ids);
  const participantCounts = await ctx.db
    .select({ sessionId: sessionParticipants.sessionId, count: sql<number>`count(*)::int` })
    .from(sessionParticipants)
    .where(and(inArray(sessionParticipants.sessionId, ids), isNull(sessionParticipants.removedAt)))
    .groupBy(sessionParticipants.sessionId);
  const online = await ctx.hub.onlineBySession(ids, [...new Set(rows.flatMap(leaderKeysOf))]);
  const byParticipant = new Map(participantCounts.map((c) => [c.sessionId, c.count]));
  return rows.map((row) => {
    const counts: SessionCounts = {
      ...(storyCounts.get(row.id) ?? NO_STORIES),
      participantCount: byParticipant.get(row.id) ?? 0,
    };
    return presentSession(row, counts, leaderPresent(row, online.get(row.id)));
  });
}

/** The voterKeys of a session's creator and leader (the Live badge is theirs). */
export function leaderKeysOf(row: Pick<SessionRow, "creatorId" | "leaderId">): string[] {
  return [row.creatorId, row.leaderId].flatMap((id) => (id ? [voterKeyOf({ userId: id })] : []));
}

/** True when the creator or leader of the session has an open connection. */
export function leaderPresent(row: SessionRow, online: Set<string> | undefined): boolean {
  if (!online) return false;
  return (
    online.has(voterKeyOf({ userId: row.creatorId })) ||
    (row.leaderId !== null && online.has(voterKeyOf({ userId: row.leaderId })))
  );
}

/** Presents one session. */
export async function sessionView(ctx: AppContext, row: SessionRow): Promise<SessionView> {
  const [view] = await sessionViews(ctx, [row]);
  if (!view) throw new Error("unreachable: one row in, one view out");
  return view;
}
