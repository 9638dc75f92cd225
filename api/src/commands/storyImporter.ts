import type { ImportResult, StoryView } from "@pointwise/core/presented";
import { IMPORT_PUSH_STORIES } from "@pointwise/core/realtime";
import type { AppContext } from "../context";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentStory } from "../presenters/storyPresenter";
import { publishActiveStory } from "../realtime/activeStoryChanged";
import { publishStoryChange } from "../realtime/storyPushes";
import { parseBacklog } from "./backlogParser";
import { type HistoryRowInput, recordImportedHistory } from "./estimateHistoryRecorder";
import { appendStories } from "./storyAppender";

/**
 * Imports a backlog CSV into a session, all or nothing (one transaction), answering
 * `{imported, errors: []}` (issue #2 section 4). Leader only (checked by the route).
 * Every row becomes a pending session story, to vote on as before; a row with a `storypoint`
 * also adds its story with those points to the history PointBot's estimate learns from (issue #9
 * section 3), in the same transaction.
 */
export async function importStories(ctx: AppContext, access: SessionAccess, csvText: string): Promise<ImportResult> {
  const { stories: list, points } = parseBacklog(csvText);
  const { rows, activated } = await ctx.db.transaction(async (tx) => {
    const appended = await appendStories(tx, access, list);
    // Rows with a storypoint also join the history PointBot learns from (issue #9 section 3).
    const history: HistoryRowInput[] = appended.rows.flatMap((row, i) => {
      const known = points[i];
      return known === null || known === undefined
        ? []
        : [
            {
              key: row.ticketNumber ?? row.id,
              title: row.title,
              description: row.description,
              points: known,
              storyId: row.id,
            },
          ];
    });
    await recordImportedHistory(tx, access.session, history);
    return appended;
  });
  const views: StoryView[] = rows.map(presentStory);
  await publishStoryChange(ctx, {
    type: "stories_imported",
    sessionId: access.session.id,
    stories: views.slice(0, IMPORT_PUSH_STORIES),
    count: views.length,
  });
  if (activated) await publishActiveStory(ctx, access.session.id, activated);
  return { imported: rows.length, errors: [] };
}
