import { roundResults } from "@pointwise/core/consensus";
import { DISPLAY_NAME_FALLBACK } from "@pointwise/core/displayNames";
import type { StoryView } from "@pointwise/core/presented";
import { voterKeyOf } from "@pointwise/core/voters";
import { asc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { stories, storyRounds, votes } from "../db/schema";
import { notFound } from "../errors";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentStory } from "../presenters/storyPresenter";
import { presentVote } from "../presenters/votePresenter";
import { voterNames } from "../queries/sessionState";
import { recordFinalPointsChange } from "./finalPointsAuditor";
import { publishTimersStopped } from "./timerStopper";

/**
 * Starts a new voting round on a story: keeps the finished round in `story_rounds` (its votes,
 * average and consensus label when it was revealed; issue #8 section 3), deletes its votes,
 * hides results, clears final points and consensus (in the team's audit log when it keeps one,
 * issue #22), stops the round timer (issue #8 section 2), and counts the round up. Leader only
 * (checked by the route's policy).
 * @throws 404 for a story of another session.
 */
export async function startNewRound(ctx: AppContext, access: SessionAccess, storyId: string): Promise<StoryView> {
  const story = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(stories).where(eq(stories.id, storyId)).for("update");
    if (!row || row.sessionId !== access.session.id) throw notFound("Story not found");
    const cast = row.votesRevealed
      ? await tx.select().from(votes).where(eq(votes.storyId, row.id)).orderBy(asc(votes.createdAt))
      : [];
    const names = await voterNames(tx, cast);
    const kept = cast
      .filter((v) => v.points !== null)
      .map((v) => presentVote(v, names.get(voterKeyOf(v)) ?? DISPLAY_NAME_FALLBACK, true, null));
    const results = roundResults(kept.map((v) => v.points ?? null));
    await tx
      .insert(storyRounds)
      .values({
        storyId: row.id,
        round: row.round,
        votes: kept,
        average: results.average,
        consensusLabel: results.label,
      })
      .onConflictDoNothing();
    await tx.delete(votes).where(eq(votes.storyId, row.id));
    const [updated] = await tx
      .update(stories)
      .set({
        votesRevealed: false,
        status: "voting",
        finalPoints: null,
        consensus: false,
        round: sql`${stories.round} + 1`,
        timerEndsAt: null,
        updatedAt: new Date(),
      })
      .where(eq(stories.id, row.id))
      .returning();
    // Points cleared by a new round go to the team's audit log (issue #22).
    if (updated) {
      await recordFinalPointsChange(tx, {
        session: access.session,
        story: updated,
        before: row,
        after: updated,
        user: access.user,
      });
    }
    return { ...(updated ?? row), timerStopped: row.timerEndsAt !== null };
  });
  const view = presentStory(story);
  await ctx.hub.publish(access.session.id, { type: "round_started", sessionId: access.session.id, story: view });
  if (story.timerStopped) await publishTimersStopped(ctx, access.session.id, [story.id]);
  return view;
}
