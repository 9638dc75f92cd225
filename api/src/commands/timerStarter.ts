import type { RoundTimerView } from "@pointwise/core/roundTimer";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions, stories } from "../db/schema";
import { notFound } from "../errors";
import { requireRunningRound } from "../policies/roundPolicy";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentStory } from "../presenters/storyPresenter";
import { currentStoryIdOf } from "../queries/storyWindow";

/**
 * Starts (or restarts) the round timer of the group's current story (POST
 * /api/stories/{id}/timer, leader only; issue #8 section 2): stores the deadline `seconds` from
 * now on the story and pushes `timer_started {storyId, endsAt, serverNow}`. At the deadline the
 * server reveals when the session's autoReveal is on (roundTimerScheduler); otherwise clients
 * show "Time's up".
 * @param seconds 30-600, checked by the route's schema (core startTimerSchema)
 * @throws 404 for a story of another session; 409 VOTING_CLOSED when its votes are revealed or
 *   it is completed or skipped; 409 STORY_NOT_ACTIVE when it is not the group's story
 *   (policies/roundPolicy `requireRunningRound`).
 */
export async function startTimer(
  ctx: AppContext,
  access: SessionAccess,
  storyId: string,
  seconds: number,
): Promise<RoundTimerView> {
  const sessionId = access.session.id;
  const story = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ story: stories, activeStoryId: pointingSessions.activeStoryId })
      .from(stories)
      .innerJoin(pointingSessions, eq(pointingSessions.id, stories.sessionId))
      .where(eq(stories.id, storyId))
      .for("update", { of: stories });
    if (!found || found.story.sessionId !== sessionId) throw notFound("Story not found");
    const row = found.story;
    const currentId = found.activeStoryId ?? (await currentStoryIdOf(tx, sessionId));
    requireRunningRound(row, currentId, "The round timer runs only on the group's active story");
    const [updated] = await tx
      .update(stories)
      .set({ timerEndsAt: new Date(Date.now() + seconds * 1000), updatedAt: new Date() })
      .where(eq(stories.id, row.id))
      .returning();
    return updated ?? row;
  });
  const endsAt = story.timerEndsAt?.toISOString() ?? new Date().toISOString();
  const serverNow = new Date().toISOString();
  await ctx.hub.publish(sessionId, { type: "timer_started", sessionId, storyId, endsAt, serverNow });
  return { storyId, endsAt, serverNow, story: presentStory(story) };
}
