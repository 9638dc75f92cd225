import { roundResults } from "@pointwise/core/consensus";
import type { StoryResults, StoryView, VoteView } from "@pointwise/core/presented";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { stories } from "../db/schema";
import { notFound } from "../errors";
import { type SessionAccess, sessionPolicy } from "../policies/sessionPolicy";
import { presentStory } from "../presenters/storyPresenter";
import { roundProgress } from "../queries/roundProgress";
import { voteViews } from "../queries/sessionState";

/** A revealed story with every vote's points and the results (spec part 2 section 9). */
export interface RevealResult {
  story: StoryView;
  votes: VoteView[];
  results: StoryResults;
}

/**
 * Reveals a story's votes once `sessionPolicy.reveal` allows it (the leader at any time;
 * others once every expected voter has voted: queries/roundProgress, counted here under the
 * story's lock). Revealing twice
 * returns the same result.
 * @throws 404 for a story of another session; 403 PERMISSION_DENIED for a member before all voted.
 */
export async function revealVotes(ctx: AppContext, access: SessionAccess, storyId: string): Promise<RevealResult> {
  const story = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(stories).where(eq(stories.id, storyId)).for("update");
    if (!row || row.sessionId !== access.session.id) throw notFound("Story not found");
    if (row.votesRevealed) return row;
    if (!access.isLeader) {
      // The one count (issue #8 section 1): present non-observers, coffee never a vote.
      const progress = await roundProgress(tx, row.sessionId, row.id);
      sessionPolicy.reveal(access, { cast: progress.votedCount, eligible: progress.expectedVoters });
    }
    const [updated] = await tx
      .update(stories)
      .set({ votesRevealed: true, status: row.status === "pending" ? "voting" : row.status, updatedAt: new Date() })
      .where(eq(stories.id, row.id))
      .returning();
    return updated ?? row;
  });
  const voteList = await voteViews(ctx, [story.id], new Set([story.id]), access.voterKey);
  const result: RevealResult = {
    story: presentStory(story),
    votes: voteList,
    results: roundResults(voteList.map((v) => v.points ?? null)),
  };
  await ctx.hub.publish(access.session.id, { type: "votes_revealed", sessionId: access.session.id, ...result });
  return result;
}
