import { isOpenStory } from "@pointwise/core/storyRules";
import { and, eq, lte } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import { pointingSessions, stories } from "../db/schema";
import { roundProgress } from "../queries/roundProgress";
import type { PushedRound } from "../realtime/participantsUpdate";
import { type RevealResult, revealVotesWhen } from "./votesRevealer";

/** True when the session reveals automatically (its `autoReveal` setting, read inside `tx`). */
async function autoRevealOn(tx: Tx, sessionId: string): Promise<boolean> {
  const [session] = await tx
    .select({ autoReveal: pointingSessions.autoReveal })
    .from(pointingSessions)
    .where(eq(pointingSessions.id, sessionId));
  return session?.autoReveal === true;
}

/**
 * Auto-reveal on the last vote (issue #8 section 2, "Reveal automatically when everyone has
 * voted"): when the session's `autoReveal` is on and everyone the round waits for
 * (roundProgress: votedCount >= expectedVoters > 0) has voted on the open story, reveals it as
 * votesRevealer does (`votes_revealed` pushed, timer stopped). Checked under the story's lock;
 * idempotent, so concurrent last votes reveal once. Call it after a vote has committed and been
 * pushed, and when someone the round waited for leaves or becomes an observer.
 * @returns the reveal, or null when the round still waits (or auto-reveal is off)
 */
export function autoRevealIfComplete(
  ctx: AppContext,
  sessionId: string,
  storyId: string,
): Promise<RevealResult | null> {
  return revealVotesWhen(ctx, sessionId, storyId, async (tx, story) => {
    if (!isOpenStory(story) || !(await autoRevealOn(tx, sessionId))) return false;
    const progress = await roundProgress(tx, sessionId, story.id);
    return progress.expectedVoters > 0 && progress.votedCount >= progress.expectedVoters;
  });
}

/**
 * Auto-reveal after a change of the room (issue #8 sections 1 and 2): someone the round waited
 * for left, became an observer or was removed, and the `participants_update` just pushed shows
 * everyone expected has voted on the current story (votedCount >= expectedVoters > 0) in an
 * auto-reveal session; then reveals as `autoRevealIfComplete` does (checked again under the
 * story's lock). app.ts registers it with realtime/participantsUpdate's `onParticipantsPushed`.
 * @returns the reveal, or null when the round still waits (or auto-reveal is off)
 */
export async function autoRevealPushedRound(ctx: AppContext, round: PushedRound): Promise<RevealResult | null> {
  const complete = round.expectedVoters > 0 && round.votedCount >= round.expectedVoters;
  if (!round.autoReveal || !round.currentStoryId || !complete) return null;
  return autoRevealIfComplete(ctx, round.sessionId, round.currentStoryId);
}

/**
 * Auto-reveal at the round timer's zero (issue #8 section 2): reveals the story when its
 * timer's deadline is at or before `now`, it is open and still hidden, and the session's
 * `autoReveal` is on. Without auto-reveal nothing happens on the server (clients show
 * "Time's up") and the deadline stays stored until the reveal, a new round or another story.
 * @param now the moment to judge expiry by (the scheduler passes the deadline it waited for)
 * @returns the reveal, or null when nothing was revealed
 */
export function autoRevealExpiredTimer(
  ctx: AppContext,
  sessionId: string,
  storyId: string,
  now: Date,
): Promise<RevealResult | null> {
  return revealVotesWhen(
    ctx,
    sessionId,
    storyId,
    async (tx, story) =>
      story.timerEndsAt !== null &&
      story.timerEndsAt.getTime() <= now.getTime() &&
      isOpenStory(story) &&
      (await autoRevealOn(tx, sessionId)),
  );
}

/**
 * The sweep behind the round timer (run at start-up and every few seconds by each instance,
 * so a timer still ends after a restart or on an instance that did not start it): reveals
 * every hidden story of an auto-reveal session whose timer's deadline is at or before `now`.
 * Revealing is idempotent, so instances sweeping together reveal each story once.
 * @returns how many stories were revealed
 */
export async function autoRevealExpiredTimers(ctx: AppContext, now: Date): Promise<number> {
  const due = await ctx.db
    .select({ id: stories.id, sessionId: stories.sessionId })
    .from(stories)
    .innerJoin(pointingSessions, eq(pointingSessions.id, stories.sessionId))
    .where(and(lte(stories.timerEndsAt, now), eq(stories.votesRevealed, false), eq(pointingSessions.autoReveal, true)));
  let revealed = 0;
  for (const story of due) {
    if (await autoRevealExpiredTimer(ctx, story.sessionId, story.id, now)) revealed++;
  }
  return revealed;
}
