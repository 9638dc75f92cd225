import type { StoryView } from "@pointwise/core/presented";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { stories, votes } from "../db/schema";
import { notFound } from "../errors";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentStory } from "../presenters/storyPresenter";

/**
 * Starts a new voting round on a story: deletes its votes, hides results, clears final points
 * and consensus, and counts the round up. Leader only (checked by the route's policy).
 * @throws 404 for a story of another session.
 */
export async function startNewRound(ctx: AppContext, access: SessionAccess, storyId: string): Promise<StoryView> {
  const story = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(stories).where(eq(stories.id, storyId)).for("update");
    if (!row || row.sessionId !== access.session.id) throw notFound("Story not found");
    await tx.delete(votes).where(eq(votes.storyId, row.id));
    const [updated] = await tx
      .update(stories)
      .set({
        votesRevealed: false,
        status: "voting",
        finalPoints: null,
        consensus: false,
        round: sql`${stories.round} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(stories.id, row.id))
      .returning();
    return updated ?? row;
  });
  const view = presentStory(story);
  await ctx.hub.publish(access.session.id, { type: "round_started", sessionId: access.session.id, story: view });
  return view;
}
