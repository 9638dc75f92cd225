import { deckFor, isInDeck } from "@pointwise/core/decks";
import { sessionNameOf } from "@pointwise/core/displayNames";
import type { VoteView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import { currentStory, isOpenStory } from "@pointwise/core/storyRules";
import { parseVoterKey, type RoundCounts, voterKeyOf } from "@pointwise/core/voters";
import type { CastVoteInput } from "@pointwise/core/voteSchemas";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { sessionParticipants, stories, votes } from "../db/schema";
import { notFound, permissionDenied, sessionLocked, storyNotActive, validationError, votingClosed } from "../errors";
import type { SessionAccess, SessionRow } from "../policies/sessionPolicy";
import { presentStory, type StoryRow } from "../presenters/storyPresenter";
import { presentVote, type VoteRow } from "../presenters/votePresenter";
import { roundProgress, upsertVoteWithProgress } from "../queries/roundProgress";
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

/** The story row locked by a vote, with its session's deck and state. */
interface LockedStory {
  sessionId: string;
  status: StoryRow["status"];
  votesRevealed: boolean;
  scale: SessionRow["estimationScale"];
  customDeck: number[] | null;
  locked: boolean;
  archived: boolean;
  activeStoryId: string | null;
  autoReveal: boolean;
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
  const displayName = sessionNameOf((userId ? access.user : access.participant) ?? {});
  const voterKey = voterKeyOf({ userId, participantId });
  const sessionId = access.session.id;
  /** The `vote_update` push of a vote's outcome, built once: on PostgreSQL its NOTIFY goes with the COMMIT. */
  let update: { message: ServerMessage; frame: string } | undefined;
  const updateOf = (outcome: { row: VoteRow | null; counts: RoundCounts }) => {
    const message: ServerMessage = {
      type: "vote_update",
      sessionId,
      storyId: input.storyId,
      voterKey,
      vote: outcome.row ? presentVote(outcome.row, displayName, false, null) : null,
      ...outcome.counts,
    };
    update = { message, frame: JSON.stringify(message) };
    return update;
  };
  const committed = await ctx.database.transactionThenNotify(
    async (tx) => {
      // One round trip: lock the story and read the session's current deck and state with it.
      // Plain SQL on this path (issue #10): the query builder cost more CPU than the query.
      const locked = (await tx.execute(sql`
      select s.session_id as "sessionId", s.status, s.votes_revealed as "votesRevealed",
             ps.estimation_scale as scale, ps.custom_deck::float8[] as "customDeck", ps.locked,
             (ps.archived_at is not null) as archived, ps.active_story_id as "activeStoryId",
             ps.auto_reveal as "autoReveal"
      from stories s join pointing_sessions ps on ps.id = s.session_id
      where s.id = ${input.storyId}
      for update of s`)) as unknown as { rows: LockedStory[] };
      const found = locked.rows[0];
      const story = found && { id: input.storyId, ...found };
      if (!found || !story || story.sessionId !== access.session.id) throw notFound("Story not found");
      if (found.locked) throw sessionLocked();
      if (found.archived) throw permissionDenied("This session is archived");
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
      // Voting shows the voter is there (REST or a Teams card): present for the grace (issue #8
      // section 1). Not needed while they have a socket here: they count as present through it,
      // and their grace starts when it closes (hub.leave), which this update would only repeat.
      // Before the vote is stored: the counts read with it see this presence.
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
      let row: VoteRow | null = null;
      let counts: RoundCounts;
      if (input.points === null) {
        await tx.delete(votes).where(and(eq(votes.storyId, story.id), voter));
        counts = await roundProgress(tx, story.sessionId, story.id);
      } else {
        // The vote and the round's counts after it in one round trip (issue #10).
        const coffee = input.points === "coffee";
        ({ row, counts } = await upsertVoteWithProgress(tx, story.sessionId, {
          storyId: story.id,
          userId,
          participantId,
          points: input.points === "coffee" ? null : input.points,
          coffee,
          now: new Date(),
        }));
      }
      let startedVoting = null;
      if (story.status === "pending" && row && !row.coffee) {
        [startedVoting] = await tx
          .update(stories)
          .set({ status: "voting", updatedAt: new Date() })
          .where(eq(stories.id, story.id))
          .returning();
      }
      return { row, startedVoting, counts, autoReveal: found.autoReveal };
    },
    (outcome) => {
      const { frame } = updateOf(outcome);
      // The first vote also starts the story (story_status_change), which must reach the other
      // instances first: then both are published after the commit, in order.
      return outcome.startedVoting ? null : ctx.hub.notificationOf(sessionId, frame);
    },
  );
  const outcome = committed.value;
  if (outcome.startedVoting) {
    await ctx.hub.publish(sessionId, {
      type: "story_status_change",
      sessionId,
      story: presentStory(outcome.startedVoting),
    });
  }
  const { message, frame } = update ?? updateOf(outcome); // PGlite: notifyOf is never called
  await ctx.hub.publishCommitted(sessionId, message, frame, committed);
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
