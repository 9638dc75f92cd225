import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { estimateHistory } from "../db/schema";
import type { HistoryEntry, HistoryScope, HistorySource, HistoryStamp } from "../pointbot/history/estimatorCache";

/** Where-clause of a scope: the team's rows, or the owner's rows without a team. */
export const scopeWhere = (scope: HistoryScope) =>
  scope.teamId !== undefined
    ? eq(estimateHistory.teamId, scope.teamId)
    : and(isNull(estimateHistory.teamId), eq(estimateHistory.ownerUserId, scope.ownerUserId));

/** Number of rows loaded per query when building a scope's estimator. */
const PAGE = 5000;

/**
 * The `estimate_history` table as the estimator cache's source (issue #9 section 3): the stamp is
 * one indexed aggregate; rows come in insertion order (`seq`).
 */
export function historySource(db: Db): HistorySource {
  return {
    async stamp(scope: HistoryScope): Promise<HistoryStamp> {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          latest: sql<number>`coalesce(max(${estimateHistory.seq}), 0)::bigint`,
        })
        .from(estimateHistory)
        .where(scopeWhere(scope));
      return { count: Number(row?.count ?? 0), latest: Number(row?.latest ?? 0) };
    },
    async load(scope: HistoryScope, offset: number): Promise<HistoryEntry[]> {
      const out: HistoryEntry[] = [];
      for (let from = offset; ; from += PAGE) {
        const rows = await db
          .select({
            key: estimateHistory.storyKey,
            title: estimateHistory.title,
            description: estimateHistory.description,
            points: estimateHistory.points,
            storyId: estimateHistory.storyId,
            seq: estimateHistory.seq,
          })
          .from(estimateHistory)
          .where(scopeWhere(scope))
          .orderBy(asc(estimateHistory.seq))
          .limit(PAGE)
          .offset(from);
        out.push(...rows.map((r) => ({ ...r, seq: Number(r.seq) })));
        if (rows.length < PAGE) return out;
      }
    },
  };
}
