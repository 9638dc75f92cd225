import { sessionNameOf } from "@pointwise/core/displayNames";
import type { VoteView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import { parseVoterKey, type RoundCounts, type VoterIds, voterKeyOf } from "@pointwise/core/voters";
import type { CastVoteInput } from "@pointwise/core/voteSchemas";
import type { AppContext } from "../context";
import { permissionDenied } from "../errors";
import { type SessionAccess, sessionPolicy } from "../policies/sessionPolicy";
import { presentStory, type StoryRow } from "../presenters/storyPresenter";
import { presentVote, type VoteRow } from "../presenters/votePresenter";
import { autoRevealIfComplete } from "./autoRevealer";
import { type VoteState, writeVote } from "./voteWriter";

/**
 * What a caller learns after voting: its own vote (with points) and the round's `votedCount`
 * (queries/roundProgress: votes of expected voters, never a coffee card; issue #8 section 1).
 * The `vote_update` push carries `expectedVoters` beside it.
 */
export interface CastVoteResult {
  vote: VoteView | null;
  votedCount: number;
}

/** A stored story row's fields a vote's rules read (the REST route has it from the access check). */
export type KnownStory = Pick<StoryRow, "status" | "votesRevealed">;

/**
 * Casts, changes or (points null: the `?` card) retracts the caller's vote on a story;
 * `points: "coffee"` stores a break request (issue #8 section 4: `points` null, `coffee`
 * true), which `votedCount` never counts.
 * The one way a vote is cast, for REST, the WebSocket and the Teams card alike: the caller's
 * right to vote (sessionPolicy `participate`), its ids and its vote budget are checked here, the
 * write is commands/voteWriter `writeVote` (the story locked, the rules checked against the state
 * the caller knows, `story` and the session of `access`, or else the state under the lock; one
 * round trip on the usual path), then the push goes out after the commit.
 * With the session's `autoReveal` on, a vote that completes the round reveals it (autoRevealer,
 * after the vote's commit and push; issue #8 section 2).
 * Ids sent by the client must be the caller's own (DESIGN.md "Contracts").
 * @throws 403 PERMISSION_DENIED for an observer, a removed participant or someone who may not
 *   take part (sessionPolicy `participate`), or for someone else's id; 429 RATE_LIMITED past the
 *   voter's vote budget (ctx.voteRate, checked before any write); 404 for a story of another session;
 *   409 VOTING_CLOSED once revealed, completed or skipped; 409 STORY_NOT_ACTIVE on a story that
 *   is not the group's current one (policies/roundPolicy; issue #8 section 3); 400 VALIDATION_ERROR off the deck.
 */
export async function castVote(
  ctx: AppContext,
  access: SessionAccess,
  input: CastVoteInput,
  story?: KnownStory,
): Promise<CastVoteResult> {
  // Who may vote: the command's own policy, whichever way the vote came (issue #24 section 1).
  sessionPolicy.participate(access);
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
  const voterKey = voterKeyOf({ userId, participantId });
  // One budget per voter for every way in (REST, each socket, Teams cards): issue #23 section 7.
  ctx.voteRate.take(voterKey);
  const ids: VoterIds = userId
    ? { userId, participantId: null }
    : { userId: null, participantId: participantId as string };
  const displayName = sessionNameOf((userId ? access.user : access.participant) ?? {});
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
  const session = access.session;
  // Unknown (a WebSocket vote): the usual state of a story being voted on; the lock tells otherwise.
  const expected: VoteState = {
    sessionId,
    status: story?.status ?? "voting",
    votesRevealed: story?.votesRevealed ?? false,
    scale: session.estimationScale,
    customDeck: session.customDeck,
    locked: session.locked,
    archived: session.archivedAt !== null,
    activeStoryId: session.activeStoryId,
    autoReveal: session.autoReveal,
  };
  // Voting shows the voter is there (REST or a Teams card): present for the grace (issue #8
  // section 1). Not needed while they have a socket here: they count as present through it,
  // and their grace starts when it closes (hub.leave), which renewing it would only repeat.
  const touch = !ctx.hub.isConnectedHere(sessionId, voterKey);
  const committed = await ctx.database.transactionThenNotify(
    (tx) => writeVote(tx, { sessionId, input, ids, expected, touch, graceSeconds: ctx.hub.presenceGraceSeconds }),
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
