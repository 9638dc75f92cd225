import type { StoryView } from "@pointwise/core/presented";
import { and, eq, ne, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import { pointingSessions, stories } from "../db/schema";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentStory } from "../presenters/storyPresenter";
import { currentStoryIdOf, queueOrder } from "../queries/storyWindow";
import { publishActiveStory } from "../realtime/activeStoryChanged";
import { publishStoryChange } from "../realtime/storyPushes";
import { appendStories, type NewStory } from "./storyAppender";
import { placeStoryAfter } from "./storyPlacer";

/** Stories looked at behind the current one for those added since it became current. */
const ADDED_RUN_LIMIT = 200;

/**
 * The story a new one follows: the current story, or the last of the stories right behind it
 * that were added since it became the active story (`activeStorySince`; without one, since it
 * was created), so stories added in a row keep the order they were added in.
 */
async function lastAddedAfter(tx: Tx, sessionId: string, currentId: string, newId: string): Promise<string> {
  // Compared in SQL, row to row: timestamps keep their microseconds there.
  const since = sql`coalesce(
    (select p.active_story_since from ${pointingSessions} p where p.id = ${sessionId} and p.active_story_id = ${currentId}),
    (select s0.created_at + interval '1 microsecond' from ${stories} s0 where s0.id = ${currentId}))`;
  const behind = await tx
    .select({ id: stories.id, addedSince: sql<boolean>`${stories.createdAt} >= ${since}` })
    .from(stories)
    .where(
      and(
        eq(stories.sessionId, sessionId),
        ne(stories.id, newId),
        sql`(${stories.position}, ${stories.createdAt}, ${stories.id}) >
          (select s0.position, s0.created_at, s0.id from ${stories} s0 where s0.id = ${currentId})`,
      ),
    )
    .orderBy(...queueOrder)
    .limit(ADDED_RUN_LIMIT);
  let anchor = currentId;
  for (const story of behind) {
    if (!story.addedSince) break;
    anchor = story.id;
  }
  return anchor;
}

/**
 * Adds one story (leader only, spec part 2 section 2, "Add New Story"), right after the group's
 * current story and the stories added behind it since it became current (issue #22 section 2:
 * not at the end of a 1,681-story queue); at the end when there is none (the first story, or
 * every story done).
 * @throws AppError 400 VALIDATION_ERROR when the session holds MAX_STORIES_PER_SESSION stories already
 */
export async function createStory(ctx: AppContext, access: SessionAccess, input: NewStory): Promise<StoryView> {
  const sessionId = access.session.id;
  const { story, activated, afterStoryId } = await ctx.db.transaction(async (tx) => {
    // appendStories locks the session row first: the current story cannot change meanwhile.
    const appended = await appendStories(tx, access, [input], ctx.config.maxStoriesPerSession);
    const row = appended.head[0];
    if (!row) throw new Error("unreachable: one story inserted");
    const current = appended.activated ? null : await currentStoryIdOf(tx, sessionId);
    if (current === null || current === row.id)
      return { story: row, activated: appended.activated, afterStoryId: undefined };
    const anchor = await lastAddedAfter(tx, sessionId, current, row.id);
    await placeStoryAfter(tx, sessionId, row.id, anchor);
    const [placed] = await tx.select().from(stories).where(eq(stories.id, row.id));
    return { story: placed ?? row, activated: appended.activated, afterStoryId: anchor };
  });
  const view = presentStory(story);
  await publishStoryChange(ctx, {
    type: "story_update",
    sessionId,
    action: "created",
    story: view,
    ...(afterStoryId === undefined ? {} : { afterStoryId }),
  });
  if (activated) await publishActiveStory(ctx, sessionId, activated);
  return view;
}
