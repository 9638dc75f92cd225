import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import { estimateHistory } from "../db/schema";
import { nextTurn } from "../nextTurn";
import { type StoryToEstimate, suggestFromHistory } from "../pointbot/history/historySuggestion";
import type { SessionRow } from "../policies/sessionPolicy";

/** A history row to add: the story's key (ticket number, else story id), text and known points. */
export interface HistoryRowInput {
  key: string;
  title: string;
  description: string | null;
  points: number;
  storyId: string | null;
}

/**
 * Rows inserted per statement, as one JSON parameter: 50 real stories (descriptions up to 5,000
 * characters) take PGlite, in the server's thread, 5-20 ms (issue #23 section 2).
 */
const BATCH = 50;

/** Scope columns of a session's rows: its team, else its creator (issue #9 section 3). */
const scopeColumns = (session: Pick<SessionRow, "teamId" | "creatorId">) => ({
  teamId: session.teamId ?? null,
  ownerUserId: session.creatorId,
});

/**
 * Adds rows with known points to the session's history scope inside `tx` (issue #9 section 3:
 * a CSV import with a `storypoint` column). Source "import". In batches, the event loop turning
 * between two (issue #23 section 2).
 */
export async function recordImportedHistory(
  tx: Tx,
  session: Pick<SessionRow, "teamId" | "creatorId">,
  rows: readonly HistoryRowInput[],
): Promise<number> {
  const { teamId, ownerUserId } = scopeColumns(session);
  for (let i = 0; i < rows.length; i += BATCH) {
    if (rows.length > BATCH) await nextTurn();
    const batch = JSON.stringify(
      rows.slice(i, i + BATCH).map((r) => ({
        story_key: r.key.slice(0, 64),
        title: r.title,
        description: r.description,
        points: r.points,
        story_id: r.storyId,
      })),
    );
    // In the batch's order: the estimator reads a scope's rows by `seq` (recency weighting).
    await tx.execute(sql`
      insert into ${estimateHistory} (team_id, owner_user_id, story_key, title, description, points, source, story_id)
      select ${teamId}::uuid, ${ownerUserId}::uuid, r.story_key, r.title, r.description, r.points, 'import', r.story_id
      from rows from (
        jsonb_to_recordset(${batch}::jsonb) as (story_key text, title text, description text, points numeric, story_id uuid)
      ) with ordinality as r(story_key, title, description, points, story_id, n)
      order by r.n`);
  }
  return rows.length;
}

/** The suggestion PointBot would make for a story now, recorded when it is completed. */
export interface SuggestionAtCompletion {
  points: number;
  low: number;
  high: number;
}

/**
 * The suggestion for a story about to be completed, from the history BEFORE the story's final
 * points join it (issue #9 section 3, "records whether the team's final points matched"): the
 * suggestion the room saw once the votes were revealed. Read before the completing transaction
 * (the estimator cache reads the database outside it). Answers null only when the history is
 * empty (PointBot had nothing to go on). A story imported with known points counts too: it was
 * shown a suggestion like any other, and leaving it out made the summary's "PointBot matched"
 * read "-" for a backlog imported with points (issue #22); that suggestion leans on the imported
 * points, as the room saw.
 */
export async function suggestionAtCompletion(
  ctx: AppContext,
  session: SessionRow,
  story: StoryToEstimate,
): Promise<SuggestionAtCompletion | null> {
  const view = await suggestFromHistory(ctx.db, session, story);
  if (view.historySize === 0) return null;
  return { points: view.points, low: view.low, high: view.high };
}

/**
 * Inside the completing transaction: adds the story with its final points to the history (source "session"), replacing the story's earlier row (an
 * imported row, or an earlier completion before a reopen).
 */
export async function recordCompletedStory(
  tx: Tx,
  session: Pick<SessionRow, "teamId" | "creatorId">,
  story: { id: string; title: string; description: string | null; ticketNumber: string | null },
  finalPoints: number,
): Promise<void> {
  await tx.delete(estimateHistory).where(eq(estimateHistory.storyId, story.id));
  await tx.insert(estimateHistory).values({
    ...scopeColumns(session),
    storyKey: (story.ticketNumber ?? story.id).slice(0, 64),
    title: story.title,
    description: story.description,
    points: finalPoints,
    source: "session",
    storyId: story.id,
  });
}

/** A completed story is reopened: its "session" history row goes (its points are no longer final). */
export async function forgetCompletedStory(tx: Tx, storyId: string): Promise<void> {
  await tx
    .delete(estimateHistory)
    .where(and(eq(estimateHistory.storyId, storyId), eq(estimateHistory.source, "session")));
}

/** The story columns recording the suggestion (null when none was made). */
export const suggestionColumns = (suggestion: SuggestionAtCompletion | null) => ({
  suggestedPoints: suggestion?.points ?? null,
  suggestedLow: suggestion?.low ?? null,
  suggestedHigh: suggestion?.high ?? null,
});
