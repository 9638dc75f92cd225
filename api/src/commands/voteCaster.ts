import { deckFor, isInDeck } from "@pointwise/core/decks";
import { sessionNameOf } from "@pointwise/core/displayNames";
import type { VoteView } from "@pointwise/core/presented";
import { currentStory, isOpenStory } from "@pointwise/core/storyRules";
import { parseVoterKey, voterKeyOf } from "@pointwise/core/voters";
import type { CastVoteInput } from "@pointwise/core/voteSchemas";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions, sessionParticipants, stories, votes } from "../db/schema";
import { notFound, permissionDenied, sessionLocked, storyNotActive, validationError, votingClosed } from "../errors";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentStory } from "../presenters/storyPresenter";
import { presentVote } from "../presenters/votePresenter";
import { roundProgress } from "../queries/roundProgress";
import { autoRevealIfComplete } from "./autoRevealer";

/**
 * What a caller learns after voting: its own vote (with points) and the round's `votedCount`
 * (queries/roundProgress: votes of expected voters, never a coffee card; issue #8 section 1).
 * The `vote_update` push carries `expectedVoters` beside it.
 */
export interface CastVoteResult {
  vote: VoteView | null;
  votedCount: number;
}

/**
 * Casts, changes or (points null: the `?` card) retracts the caller's vote on a story;
 * `points: "coffee"` stores a break request (issue #8 section 4: `points` null, `coffee`
 * true), which `votedCount` never counts.
 * The story row is locked (`SELECT ... FOR UPDATE`) so a vote never lands after a reveal.
 * With the session's `autoReveal` on, a vote that completes the round reveals it (autoRevealer,
 * after the vote's commit and push; issue #8 section 2).
 * Ids sent by the client must be the caller's own (DESIGN.md "Contracts").
 * @throws 403 PERMISSION_DENIED for someone else's id; 404 for a story of another session;
 *   409 VOTING_CLOSED once revealed, completed or skipped; 409 STORY_NOT_ACTIVE on a story that
 *   is not the group's active one (session.activeStoryId, else core `currentStory`; issue #8
 *   section 3); 400 VALIDATION_ERROR off the deck.
 */
export async function castVote(ctx: AppContext, access: SessionAccess, input: CastVoteInput): Promise<CastVoteResult> {
  const caller = access.voterKey ? parseVoterKey(access.voterKey) : null;
  const userId = caller?.userId ?? null;
  const participantId = caller?.participantId ?? null;
  if (input.userId && input.userId !== userId) throw permissionDenied("You can only vote for yourself");
  if (
    input.participantId &&
    input.participantId !== participantId &&
    !(userId && input.participantId === access.participant?.id)
  ) {
    throw permissionDenied("You can only vote for yourself");
  }
  if (!userId && !participantId) throw permissionDenied();
  const voter = userId ? eq(votes.userId, userId) : eq(votes.participantId, participantId as string);
  const outcome = await ctx.db.transaction(async (tx) => {
    // One round trip: lock the story and read the session's current deck and state with it.
    const [found] = await tx
      .select({
        story: stories,
        scale: pointingSessions.estimationScale,
        customDeck: pointingSessions.customDeck,
        locked: pointingSessions.locked,
        archivedAt: pointingSessions.archivedAt,
        activeStoryId: pointingSessions.activeStoryId,
        autoReveal: pointingSessions.autoReveal,
      })
      .from(stories)
      .innerJoin(pointingSessions, eq(pointingSessions.id, stories.sessionId))
      .where(eq(stories.id, input.storyId))
      .for("update", { of: stories });
    const story = found?.story;
    if (!found || !story || story.sessionId !== access.session.id) throw notFound("Story not found");
    if (found.locked) throw sessionLocked();
    if (found.archivedAt) throw permissionDenied("This session is archived");
    const deck = deckFor(found.scale, found.customDeck);
    if (typeof input.points === "number" && !isInDeck(deck, input.points)) {
      const allowed = deck.map((c) => (c.coffee ? "coffee" : c.label)).join(", ");
      throw validationError({ points: [`Vote must be one of: ${allowed}`] });
    }
    if (story.votesRevealed) throw votingClosed("Votes are already revealed for this story");
    if (!isOpenStory(story)) throw votingClosed();
    let activeId = found.activeStoryId;
    if (!activeId) {
      const queue = await tx
        .select({ id: stories.id, status: stories.status })
        .from(stories)
        .where(eq(stories.sessionId, story.sessionId))
        .orderBy(asc(stories.position), asc(stories.createdAt));
      activeId = currentStory(queue, null)?.id ?? null;
    }
    if (activeId !== story.id) throw storyNotActive();
    let row = null;
    if (input.points === null) {
      await tx.delete(votes).where(and(eq(votes.storyId, story.id), voter));
    } else {
      const now = new Date();
      const coffee = input.points === "coffee";
      const points = input.points === "coffee" ? null : input.points;
      [row] = await tx
        .insert(votes)
        .values({ storyId: story.id, userId, participantId, points, coffee })
        .onConflictDoUpdate({
          target: userId ? [votes.storyId, votes.userId] : [votes.storyId, votes.participantId],
          set: { points, coffee, updatedAt: now },
        })
        .returning();
    }
    let startedVoting = null;
    if (story.status === "pending" && row && !row.coffee) {
      [startedVoting] = await tx
        .update(stories)
        .set({ status: "voting", updatedAt: new Date() })
        .where(eq(stories.id, story.id))
        .returning();
    }
    // Voting shows the voter is there (REST or a Teams card): present for the grace (issue #8
    // section 1). Not needed while they have a socket here: they count as present through it,
    // and their grace starts when it closes (hub.leave), which this update would only repeat.
    if (!ctx.hub.isConnectedHere(story.sessionId, voterKeyOf({ userId, participantId })))
      await tx
        .update(sessionParticipants)
        .set({ presentUntil: ctx.hub.graceEndSql() })
        .where(
          and(
            eq(sessionParticipants.sessionId, story.sessionId),
            userId ? eq(sessionParticipants.userId, userId) : eq(sessionParticipants.id, participantId as string),
            isNull(sessionParticipants.removedAt),
          ),
        );
    const counts = await roundProgress(tx, story.sessionId, story.id);
    return { row, startedVoting, counts, autoReveal: found.autoReveal };
  });
  const displayName = sessionNameOf((userId ? access.user : access.participant) ?? {});
  const voterKey = voterKeyOf({ userId, participantId });
  const sessionId = access.session.id;
  if (outcome.startedVoting) {
    await ctx.hub.publish(sessionId, {
      type: "story_status_change",
      sessionId,
      story: presentStory(outcome.startedVoting),
    });
  }
  await ctx.hub.publish(sessionId, {
    type: "vote_update",
    sessionId,
    storyId: input.storyId,
    voterKey,
    vote: outcome.row ? presentVote(outcome.row, displayName, false, null) : null,
    ...outcome.counts,
  });
  if (outcome.autoReveal && outcome.row && !outcome.row.coffee) {
    // Issue #8 section 2: this may have been the last vote the round waited for. The vote is
    // saved and pushed either way; a failed reveal leaves it to the leader or the next vote.
    await autoRevealIfComplete(ctx, sessionId, input.storyId).catch(() => null);
  }
  return {
    vote: outcome.row ? presentVote(outcome.row, displayName, false, voterKey) : null,
    votedCount: outcome.counts.votedCount,
  };
}
