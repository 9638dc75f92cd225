import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import { estimateHistory } from "../db/schema";
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

/** Most rows inserted per statement. */
const BATCH = 500;

/** Scope columns of a session's rows: its team, else its creator (issue #9 section 3). */
const scopeColumns = (session: Pick<SessionRow, "teamId" | "creatorId">) => ({
  teamId: session.teamId ?? null,
  ownerUserId: session.creatorId,
});

/**
 * Adds rows with known points to the session's history scope inside `tx` (issue #9 section 3:
 * a CSV import with a `storypoint` column). Source "import".
 */
export async function recordImportedHistory(
  tx: Tx,
  session: Pick<SessionRow, "teamId" | "creatorId">,
  rows: readonly HistoryRowInput[],
): Promise<number> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(estimateHistory).values(
      rows.slice(i, i + BATCH).map((r) => ({
        ...scopeColumns(session),
        storyKey: r.key.slice(0, 64),
        title: r.title,
        description: r.description,
        points: r.points,
        source: "import" as const,
        storyId: r.storyId,
      })),
    );
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
