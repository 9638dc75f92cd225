import { OPEN_STORY_STATUSES } from "@pointwise/core/storyRules";
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { pointingSessions, stories } from "../db/schema";
import type { StoryRow } from "../presenters/storyPresenter";

/**
 * A contiguous slice of a session's story queue (issue #22 section 3, "Big backlogs stay light";
 * issue #23 section 2): what a join or a page of the queue carries instead of every story.
 */
export interface StoryWindowRows {
  /** Index (0-based, in queue order, among the stories matching `q`) of the first row. */
  offset: number;
  /** Stories in the queue (matching `q` when given). */
  total: number;
  rows: StoryRow[];
}

/** How a window is chosen: from an index, or around a story. */
export interface StoryWindowRequest {
  /** First index wanted (default 0). Ignored when `around` names a story of the session. */
  offset?: number;
  /** Rows wanted, at most MAX_STORY_WINDOW. */
  limit: number;
  /** Title or ticket number containing this text, case-insensitively (the queue's search). */
  q?: string;
  /** Start the window `before` rows ahead of this story, so it is in it. */
  around?: string | null;
  /** Rows kept ahead of `around` (default a fifth of `limit`). */
  before?: number;
}

/** The most rows one window carries. */
export const MAX_STORY_WINDOW = 200;

/** Stories a join's snapshot carries: the current story and the queue around it. */
export const SNAPSHOT_STORY_WINDOW = 30;

/** The queue order, everywhere: position, then creation, then id (a batch import shares its creation time). */
export const queueOrder = [asc(stories.position), asc(stories.createdAt), asc(stories.id)] as const;

/** `text` as an ILIKE pattern that matches it literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The filter of a session's stories, with the search when given. */
function windowFilter(sessionId: string, q: string | undefined): SQL {
  const base = eq(stories.sessionId, sessionId);
  const needle = q?.trim();
  if (!needle) return base;
  const pattern = containsPattern(needle);
  return and(base, or(ilike(stories.title, pattern), ilike(stories.ticketNumber, pattern))) as SQL;
}

/**
 * The index of a story in the (filtered) queue, or null when it is not in it: the stories
 * before it by queueOrder.
 */
async function indexOfStory(db: Db | Tx, filter: SQL, storyId: string): Promise<number | null> {
  const [target] = await db
    .select({ id: stories.id })
    .from(stories)
    .where(and(filter, eq(stories.id, storyId)));
  if (!target) return null;
  // Compared in SQL, row to row: timestamps keep their microseconds there.
  const [counted] = await db
    .select({ before: sql<number>`count(*)::int` })
    .from(stories)
    .where(
      and(
        filter,
        sql`(${stories.position}, ${stories.createdAt}, ${stories.id}) <
          (select s0.position, s0.created_at, s0.id from ${stories} s0 where s0.id = ${storyId})`,
      ),
    );
  return counted?.before ?? 0;
}

/**
 * Reads a window of a session's queue: `limit` rows from `offset` (or around a story), with the
 * queue's length. Three small reads, bounded by `limit` whatever the backlog (index
 * stories_session_idx).
 */
export async function readStoryWindow(
  db: Db | Tx,
  sessionId: string,
  request: StoryWindowRequest,
): Promise<StoryWindowRows> {
  const limit = Math.max(0, Math.min(MAX_STORY_WINDOW, request.limit));
  const filter = windowFilter(sessionId, request.q);
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(stories).where(filter);
  const total = counted?.total ?? 0;
  let offset = Math.max(0, request.offset ?? 0);
  if (request.around) {
    const index = await indexOfStory(db, filter, request.around);
    if (index !== null) offset = Math.max(0, index - (request.before ?? Math.floor(limit / 5)));
  }
  offset = Math.min(offset, Math.max(0, total - limit));
  const rows =
    limit === 0 || total === 0
      ? []
      : await db
          .select()
          .from(stories)
          .where(filter)
          .orderBy(...queueOrder)
          .limit(limit)
          .offset(offset);
  return { offset, total, rows };
}

/**
 * The id of the session's current story as core `currentStory` defines it (spec part 2 section
 * 2: the chosen story whatever its status, else the first open one in queue order), read without
 * loading the queue: this runs on every join and presence push, and a backlog may hold thousands
 * of stories. The one SQL home of the rule.
 */
export async function currentStoryIdOf(db: Db | Tx, sessionId: string): Promise<string | null> {
  const [chosen] = await db
    .select({ id: stories.id })
    .from(pointingSessions)
    .innerJoin(stories, and(eq(stories.id, pointingSessions.activeStoryId), eq(stories.sessionId, sessionId)))
    .where(eq(pointingSessions.id, sessionId));
  if (chosen) return chosen.id;
  const [firstOpen] = await db
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.sessionId, sessionId), inArray(stories.status, OPEN_STORY_STATUSES)))
    .orderBy(...queueOrder)
    .limit(1);
  return firstOpen?.id ?? null;
}
