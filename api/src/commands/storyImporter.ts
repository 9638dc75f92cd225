import type { ImportResult, StoryView } from "@pointwise/core/presented";
import type { AppContext } from "../context";
import { AppError } from "../errors";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentStory } from "../presenters/storyPresenter";
import { publishActiveStory } from "../realtime/activeStoryChanged";
import { publishStoryChange } from "../realtime/storyPushes";
import { importFailed, readBacklog } from "./backlogParser";
import { type HistoryRowInput, recordImportedHistory } from "./estimateHistoryRecorder";
import { appendStories } from "./storyAppender";

/**
 * Imports a backlog CSV into a session, all or nothing (one transaction), answering
 * `{imported, errors: []}` (issue #2 section 4), with `shortened` listing the rows whose
 * description was cut to 5,000 characters. Leader only (checked by the route).
 * Every row becomes a pending session story, to vote on as before; a row with a `storypoint`
 * also adds its story with those points to the history PointBot's estimate learns from (issue #9
 * section 3), in the same transaction.
 * Bounded (issue #23 section 2): at most 5 MB and 2,000 rows (backlogParser), and the session at
 * most MAX_STORIES_PER_SESSION stories afterwards, counted under the session's row lock (so two
 * imports at once cannot both pass); parsed and written in slices and batches between which
 * the event loop turns.
 * @param csv the request body: text, or its UTF-8 bytes
 * @throws AppError 413 for a body over 5 MB; 400 VALIDATION_ERROR `{imported: 0, errors}` for
 *   too many rows, bad rows, an unreadable CSV, or a session that would hold too many stories
 *   (with `limit` and `storyCount`)
 */
export async function importStories(
  ctx: AppContext,
  access: SessionAccess,
  csv: string | Buffer,
): Promise<ImportResult> {
  const { stories: list, points, shortened } = await readBacklog(csv);
  const { ids, head, activated } = await ctx.db
    .transaction(async (tx) => {
      const appended = await appendStories(tx, access, list, ctx.config.maxStoriesPerSession);
      // Rows with a storypoint also join the history PointBot learns from (issue #9 section 3).
      const history: HistoryRowInput[] = appended.ids.flatMap((storyId, i) => {
        const known = points[i];
        const story = list[i];
        return known === null || known === undefined || !story
          ? []
          : [
              {
                key: story.ticketNumber ?? storyId,
                title: story.title,
                description: story.description ?? null,
                points: known,
                storyId,
              },
            ];
      });
      await recordImportedHistory(tx, access.session, history);
      return appended;
    })
    .catch((err: unknown) => {
      // The session's story limit, in the import's shape: nothing imported, one error.
      if (err instanceof AppError && typeof err.extra.limit === "number") {
        throw importFailed(err.message, [{ row: 0, message: err.message }], {
          limit: err.extra.limit,
          storyCount: err.extra.storyCount,
        });
      }
      throw err;
    });
  const views: StoryView[] = head.map(presentStory);
  await publishStoryChange(ctx, {
    type: "stories_imported",
    sessionId: access.session.id,
    stories: views,
    count: ids.length,
  });
  if (activated) await publishActiveStory(ctx, access.session.id, activated);
  return { imported: ids.length, errors: [], ...(shortened.length > 0 ? { shortened } : {}) };
}
