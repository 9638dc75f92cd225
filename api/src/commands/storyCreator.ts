import type { StoryView } from "@pointwise/core/presented";
import type { AppContext } from "../context";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentStory } from "../presenters/storyPresenter";
import { publishActiveStory } from "../realtime/activeStoryChanged";
import { publishStoryChange } from "../realtime/storyPushes";
import { appendStories, type NewStory } from "./storyAppender";

/** Adds one story (leader only, spec part 2 section 2, "Add New Story"). */
export async function createStory(ctx: AppContext, access: SessionAccess, input: NewStory): Promise<StoryView> {
  const { rows, activated } = await ctx.db.transaction((tx) => appendStories(tx, access, [input]));
  const story = rows[0];
  if (!story) throw new Error("unreachable: one story inserted");
  const view = presentStory(story);
  await publishStoryChange(ctx, {
    type: "story_update",
    sessionId: access.session.id,
    action: "created",
    story: view,
  });
  if (activated) await publishActiveStory(ctx, access.session.id, activated);
  return view;
}
