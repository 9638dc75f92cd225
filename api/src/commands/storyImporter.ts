import type { ImportResult, StoryView } from "@pointwise/core/presented";
import type { AppContext } from "../context";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentStory } from "../presenters/storyPresenter";
import { publishActiveStory } from "../realtime/activeStoryChanged";
import { parseBacklogCsv } from "./backlogParser";
import { appendStories } from "./storyAppender";

/**
 * Imports a backlog CSV into a session, all or nothing (one transaction), answering
 * `{imported, errors: []}` (issue #2 section 4). Leader only (checked by the route).
 */
export async function importStories(ctx: AppContext, access: SessionAccess, csvText: string): Promise<ImportResult> {
  const list = parseBacklogCsv(csvText);
  const { rows, activated } = await ctx.db.transaction((tx) => appendStories(tx, access, list));
  const views: StoryView[] = rows.map(presentStory);
  await ctx.hub.publish(access.session.id, { type: "stories_imported", sessionId: access.session.id, stories: views });
  if (activated) await publishActiveStory(ctx, access.session.id, activated);
  return { imported: rows.length, errors: [] };
}
