import type { SummaryCardState, VotingCardState } from "@pointwise/bot/cardState";
import { roundResults } from "@pointwise/core/consensus";
import { deckFor } from "@pointwise/core/decks";
import { sessionSummary } from "@pointwise/core/sessionSummary";
import { isOpenStory } from "@pointwise/core/storyRules";
import { expectedVoters } from "@pointwise/core/voters";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { stories as storyTable } from "../../db/schema";
import type { SessionAccess } from "../../policies/sessionPolicy";
import { ROOM_VIEWER } from "../../presenters/participantPresenter";
import { presentStory } from "../../presenters/storyPresenter";
import { participantViews, storyViews, voteViews } from "../../queries/sessionState";
import { storyCountsOf } from "../../queries/sessionViews";
import { currentStoryIdOf } from "../../queries/storyWindow";

/** The web app's address of a session ("Open in Pointwise"). */
export const sessionUrl = (ctx: AppContext, sessionId: string): string =>
  `${ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`}/session/${sessionId}`;

/**
 * The voting card's state for the session's active story (else its first open story), as
 * `access` may see it: the presenters' secrecy applies, so points appear only after reveal
 * (the viewer's own vote aside). "Voted n of m" follows the one rule (core `expectedVoters`:
 * present non-observers; issue #8 section 1), so it matches the web's count.
 * @param refreshUserIds Teams ids whose clients refresh the card by themselves
 */
export async function votingCardState(
  ctx: AppContext,
  access: SessionAccess,
  refreshUserIds: string[] = [],
): Promise<VotingCardState> {
  const session = access.session;
  // The current story and the open count, without reading the backlog (a card is rendered on
  // every click; issue #24 section 1).
  const storyId = await currentStoryIdOf(ctx.db, session.id);
  const [storyRow] = storyId ? await ctx.db.select().from(storyTable).where(eq(storyTable.id, storyId)) : [];
  const story = storyRow ? presentStory(storyRow) : null;
  const openStories = (await storyCountsOf(ctx.db, [session.id])).get(session.id)?.openStories ?? 0;
  const participants = expectedVoters(await participantViews(ctx, session.id, ROOM_VIEWER));
  const votes = story
    ? await voteViews(ctx, [story.id], new Set(story.votesRevealed ? [story.id] : []), access.voterKey)
    : [];
  // A coffee card is a break request, not a vote (issue #8 section 4).
  const votedKeys = new Set(votes.flatMap((v) => (v.coffee ? [] : [v.voterKey])));
  const own = votes.find((v) => v.voterKey === access.voterKey);
  const state: VotingCardState = {
    session: { id: session.id, title: session.title, deck: deckFor(session.estimationScale, session.customDeck) },
    story: story
      ? {
          id: story.id,
          title: story.title,
          ticketNumber: story.ticketNumber,
          votesRevealed: story.votesRevealed,
          status: story.status,
          finalPoints: story.finalPoints,
        }
      : null,
    voters: participants.map((p) => ({ displayName: p.displayName, hasVoted: votedKeys.has(p.voterKey) })),
    remaining: openStories - (story && isOpenStory(story) ? 1 : 0),
    openUrl: sessionUrl(ctx, session.id),
    viewer: { ownPoints: own?.points ?? null, isLeader: access.isLeader },
    refreshUserIds,
  };
  if (story?.votesRevealed) {
    state.votes = votes.flatMap((v) =>
      v.points === undefined ? [] : [{ displayName: v.displayName, points: v.points }],
    );
    state.results = roundResults(state.votes.map((v) => v.points));
  }
  return state;
}

/**
 * The session summary (spec part 2 section 7): completed stories with final points, skipped
 * ones, total and average points, consensus rate (spec part 2 section 9), participants.
 */
export async function summaryCardState(ctx: AppContext, access: SessionAccess): Promise<SummaryCardState> {
  const stories = await storyViews(ctx, access.session.id);
  const revealed = stories.filter((s) => s.status === "completed" && s.votesRevealed).map((s) => s.id);
  const votes = await voteViews(ctx, revealed, new Set(revealed), null);
  const summary = sessionSummary(stories, votes);
  return {
    sessionTitle: access.session.title,
    completedStories: summary.completed.length,
    totalPoints: summary.totalPoints,
    averagePoints: summary.averagePoints,
    consensusRate: summary.consensusRate,
    participants: (await participantViews(ctx, access.session.id, ROOM_VIEWER)).length,
    stories: summary.completed.map((s) => ({ title: s.title, points: s.finalPoints, ticketNumber: s.ticketNumber })),
    skippedStories: summary.skipped.map((s) => ({ title: s.title, ticketNumber: s.ticketNumber })),
    openUrl: sessionUrl(ctx, access.session.id),
  };
}
