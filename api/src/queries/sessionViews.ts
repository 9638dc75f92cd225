import type { SessionView } from "@pointwise/core/presented";
import { OPEN_STORY_STATUSES } from "@pointwise/core/storyRules";
import { voterKeyOf } from "@pointwise/core/voters";
import { and, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { sessionParticipants, stories } from "../db/schema";
import type { SessionRow } from "../policies/sessionPolicy";
import { presentSession, type SessionCounts } from "../presenters/sessionPresenter";
import type { StoryRow } from "../presenters/storyPresenter";

/**
 * A session's counts from its stories and its number of participants (not removed) when the
 * caller has read them already (the snapshot; issue #10): the same counts as the query of
 * `sessionViews` (open: core OPEN_STORY_STATUSES; points: the final points of completed stories).
 */
export function sessionCountsOf(
  storyRows: readonly Pick<StoryRow, "status" | "finalPoints">[],
  participantCount: number,
): SessionCounts {
  const open = new Set<string>(OPEN_STORY_STATUSES);
  return {
    totalStories: storyRows.length,
    openStories: storyRows.filter((s) => open.has(s.status)).length,
    totalPoints: storyRows.reduce((sum, s) => sum + (s.status === "completed" ? (s.finalPoints ?? 0) : 0), 0),
    participantCount,
  };
}

/** Presents sessions with their stats and status in three queries, whatever their number. */
export async function sessionViews(ctx: AppContext, rows: SessionRow[]): Promise<SessionView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const storyCounts = await ctx.db
    .select({
      sessionId: stories.sessionId,
      total: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${inArray(stories.status, OPEN_STORY_STATUSES)}))::int`,
      points: sql<number>`coalesce(sum(${stories.finalPoints}) filter (where ${stories.status} = 'completed'), 0)::float8`,
    })
    .from(stories)
    .where(inArray(stories.sessionId, ids))
    .groupBy(stories.sessionId);
  const participantCounts = await ctx.db
    .select({ sessionId: sessionParticipants.sessionId, count: sql<number>`count(*)::int` })
    .from(sessionParticipants)
    .where(and(inArray(sessionParticipants.sessionId, ids), isNull(sessionParticipants.removedAt)))
    .groupBy(sessionParticipants.sessionId);
  const online = await ctx.hub.onlineBySession(ids, [...new Set(rows.flatMap(leaderKeysOf))]);
  const byStory = new Map(storyCounts.map((c) => [c.sessionId, c]));
  const byParticipant = new Map(participantCounts.map((c) => [c.sessionId, c.count]));
  return rows.map((row) => {
    const s = byStory.get(row.id);
    const counts: SessionCounts = {
      totalStories: s?.total ?? 0,
      openStories: s?.open ?? 0,
      totalPoints: s?.points ?? 0,
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
