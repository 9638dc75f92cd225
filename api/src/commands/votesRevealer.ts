import { roundResults } from "@pointwise/core/consensus";
import type { StoryResults, StoryView, VoteView } from "@pointwise/core/presented";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import { stories } from "../db/schema";
import { notFound } from "../errors";
import { type SessionAccess, sessionPolicy } from "../policies/sessionPolicy";
import { presentStory, type StoryRow } from "../presenters/storyPresenter";
import { roundProgress } from "../queries/roundProgress";
import { voteViews } from "../queries/sessionState";

/** A revealed story with every vote's points and the results (spec part 2 section 9). */
export interface RevealResult {
  story: StoryView;
  votes: VoteView[];
  results: StoryResults;
}

/** A story row just revealed, and whether a round timer was running on it (now cleared). */
interface Revealed {
  story: StoryRow;
  timerStopped: boolean;
}

/**
 * Reveals a story's votes once `sessionPolicy.reveal` allows it (the leader at any time;
 * others once every expected voter has voted: queries/roundProgress, counted here under the
 * story's lock). Revealing twice returns the same result. A reveal stops the story's round
 * timer (issue #8 section 2).
 * @throws 404 for a story of another session; 403 PERMISSION_DENIED for a member before all voted.
 */
export async function revealVotes(ctx: AppContext, access: SessionAccess, storyId: string): Promise<RevealResult> {
  const revealed = await ctx.db.transaction(async (tx): Promise<Revealed> => {
    const [row] = await tx.select().from(stories).where(eq(stories.id, storyId)).for("update");
    if (!row || row.sessionId !== access.session.id) throw notFound("Story not found");
    if (row.votesRevealed) return { story: row, timerStopped: false };
    if (!access.isLeader) {
      // The one count (issue #8 section 1): present non-observers, coffee never a vote.
      const progress = await roundProgress(tx, row.sessionId, row.id);
      sessionPolicy.reveal(access, { cast: progress.votedCount, eligible: progress.expectedVoters });
    }
    return markRevealed(tx, row);
  });
  return publishReveal(ctx, access.session.id, revealed, access.voterKey);
}

/**
 * Reveals as the server rather than as a person (issue #8 section 2: auto-reveal once everyone
 * has voted, or at the round timer's zero). Under the story's lock it reveals only a story of
 * `sessionId` still hidden for which `shouldReveal` (run inside the same transaction) says yes.
 * Idempotent: when another request or instance revealed first, nothing happens and nothing is
 * pushed twice.
 * @returns the reveal (pushed as `votes_revealed`), or null when nothing was revealed
 */
export async function revealVotesWhen(
  ctx: AppContext,
  sessionId: string,
  storyId: string,
  shouldReveal: (tx: Tx, story: StoryRow) => Promise<boolean>,
): Promise<RevealResult | null> {
  const revealed = await ctx.db.transaction(async (tx): Promise<Revealed | null> => {
    const [row] = await tx.select().from(stories).where(eq(stories.id, storyId)).for("update");
    if (!row || row.sessionId !== sessionId || row.votesRevealed) return null;
    if (!(await shouldReveal(tx, row))) return null;
    return markRevealed(tx, row);
  });
  return revealed ? publishReveal(ctx, sessionId, revealed, null) : null;
}

/** Marks a locked story revealed (a pending story starts voting) and clears its round timer. */
async function markRevealed(tx: Tx, row: StoryRow): Promise<Revealed> {
  const [updated] = await tx
    .update(stories)
    .set({
      votesRevealed: true,
      status: row.status === "pending" ? "voting" : row.status,
      timerEndsAt: null,
      updatedAt: new Date(),
    })
    .where(eq(stories.id, row.id))
    .returning();
  return { story: updated ?? row, timerStopped: row.timerEndsAt !== null };
}

/** After the commit: pushes `votes_revealed` (and `timer_stopped` when a timer ran) and presents the reveal. */
async function publishReveal(
  ctx: AppContext,
  sessionId: string,
  { story, timerStopped }: Revealed,
  viewerKey: string | null,
): Promise<RevealResult> {
  const voteList = await voteViews(ctx, [story.id], new Set([story.id]), viewerKey);
  const result: RevealResult = {
    story: presentStory(story),
    votes: voteList,
    results: roundResults(voteList.map((v) => v.points ?? null)),
  };
  await ctx.hub.publish(sessionId, { type: "votes_revealed", sessionId, ...result });
  if (timerStopped) await ctx.hub.publish(sessionId, { type: "timer_stopped", sessionId, storyId: story.id });
  return result;
}
