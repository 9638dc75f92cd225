import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/database";
import { stories } from "../db/schema";

/**
 * Puts story `storyId` right after story `afterStoryId` in its session's queue (first when null)
 * and numbers every story's `position` 0, 1, 2 ... in queue order (position, creation, id), in
 * two statements whatever the backlog (issue #22 section 2: drag and drop and "a story added by
 * hand goes right after the current story" in a queue of thousands). Rows whose position does not
 * change are not written, and `updated_at` is left alone: it dates a story's last real change
 * (time per story is measured by it). Run it in the transaction that locked the session row.
 * @returns false when the anchor is not a story of the session (nothing changed)
 */
export async function placeStoryAfter(
  tx: Tx,
  sessionId: string,
  storyId: string,
  afterStoryId: string | null,
): Promise<boolean> {
  if (afterStoryId !== null) {
    const [anchor] = await tx
      .select({ id: stories.id })
      .from(stories)
      .where(and(eq(stories.id, afterStoryId), eq(stories.sessionId, sessionId)));
    if (!anchor || afterStoryId === storyId) return false;
  }
  // The queue without the moved story, numbered; the moved story takes the anchor's index + 1
  // (0 without an anchor), and the stories from there on move down one place.
  await tx.execute(sql`
    WITH ordered AS (
      SELECT id, (row_number() OVER (ORDER BY position, created_at, id) - 1)::int AS idx
      FROM ${stories}
      WHERE session_id = ${sessionId} AND id <> ${storyId}
    ),
    target AS (
      SELECT COALESCE((SELECT idx + 1 FROM ordered WHERE id = ${afterStoryId}), 0) AS t
    ),
    placed AS (
      SELECT o.id, CASE WHEN o.idx >= target.t THEN o.idx + 1 ELSE o.idx END AS p FROM ordered o, target
      UNION ALL
      SELECT ${storyId}::uuid, target.t FROM target
    )
    UPDATE ${stories} AS s SET position = placed.p
    FROM placed
    WHERE s.id = placed.id AND s.position IS DISTINCT FROM placed.p`);
  return true;
}
