import { deckFor, isInDeck } from "@pointwise/core/decks";
import { sessionNameOf } from "@pointwise/core/displayNames";
import type { VoteView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import { currentStory, isOpenStory } from "@pointwise/core/storyRules";
import { parseVoterKey, type RoundCounts, type VoterIds, voterKeyOf } from "@pointwise/core/voters";
import type { CastVoteInput } from "@pointwise/core/voteSchemas";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Db } from "../db/database";
import { sessionParticipants, stories, votes } from "../db/schema";
import {
  notFound,
  permissionDenied,
  serviceUnavailable,
  sessionLocked,
  storyNotActive,
  validationError,
  votingClosed,
} from "../errors";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentStory, type StoryRow } from "../presenters/storyPresenter";
import { presentVote, type VoteRow } from "../presenters/votePresenter";
import { castVoteIfUnchanged, lockVoteState, roundProgress, type VoteState } from "../queries/roundProgress";
import { voterRowOf } from "../realtime/voterRow";
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

/** A stored story row's fields a vote's rules read (the REST route has it from the access check). */
export type KnownStory = Pick<StoryRow, "status" | "votesRevealed">;

/**
 * The rules a vote must pass, checked against the story's and session's state (`state`) and the
 * group's active story (`activeId`), in the order the errors are reported.
 * @throws 404 NOT_FOUND for a story of another session; 423 SESSION_LOCKED; 403 PERMISSION_DENIED
 *   when archived; 400 VALIDATION_ERROR off the deck; 409 VOTING_CLOSED once revealed, completed or
 *   skipped; 409 STORY_NOT_ACTIVE when the story is not the active one (issue #8 section 3).
 */
function checkVote(
  state: VoteState,
  sessionId: string,
  storyId: string,
  input: CastVoteInput,
  activeId: string | null,
) {
  if (state.sessionId !== sessionId) throw notFound("Story not found");
  if (state.locked) throw sessionLocked();
  if (state.archived) throw permissionDenied("This session is archived");
  const deck = deckFor(state.scale, state.customDeck);
  if (typeof input.points === "number" && !isInDeck(deck, input.points)) {
    const allowed = deck.map((c) => (c.coffee ? "coffee" : c.label)).join(", ");
    throw validationError({ points: [`Vote must be one of: ${allowed}`] });
  }
  if (state.votesRevealed) throw votingClosed("Votes are already revealed for this story");
  if (!isOpenStory(state)) throw votingClosed();
  if (activeId !== storyId) throw storyNotActive();
}

/** True when `checkVote` passes for `state` (the active story known from it alone). */
function voteAllowed(state: VoteState, sessionId: string, storyId: string, input: CastVoteInput): boolean {
  if (!state.activeStoryId) return false; // the queue decides: read under the lock
  try {
    checkVote(state, sessionId, storyId, input, state.activeStoryId);
    return true;
  } catch {
    return false;
  }
}

/**
 * The session's current story by core `currentStory` over its queue, for a session with no
 * active story chosen (rare: the first story added becomes the active one).
 */
async function queueCurrentStoryId(tx: Db, sessionId: string): Promise<string | null> {
  const queue = await tx
    .select({ id: stories.id, status: stories.status })
    .from(stories)
    .where(eq(stories.sessionId, sessionId))
    .orderBy(asc(stories.position), asc(stories.createdAt));
  return currentStory(queue, null)?.id ?? null;
}

/** The outcome of a vote's transaction: the stored vote (null when retracted) and the counts after it. */
interface VoteOutcome {
  row: VoteRow | null;
  startedVoting: StoryRow | null | undefined;
  counts: RoundCounts;
  autoReveal: boolean;
}

/**
 * Retracts the caller's vote on a story (the `?` card): the story locked, the rules checked
 * against its state, the voter's grace renewed when `touch`, the vote deleted and the round
 * counted, one statement after the other (a rare action; a vote is `castVoteIfUnchanged`).
 */
async function retractVote(
  ctx: AppContext,
  tx: Db,
  sessionId: string,
  input: CastVoteInput,
  ids: VoterIds,
  touch: boolean,
): Promise<VoteOutcome> {
  const state = await lockVoteState(tx, input.storyId);
  if (!state) throw notFound("Story not found");
  checkVote(state, sessionId, input.storyId, input, state.activeStoryId ?? (await queueCurrentStoryId(tx, sessionId)));
  if (touch) {
    await tx
      .update(sessionParticipants)
      .set({ presentUntil: ctx.hub.graceEndSql() })
      .where(and(voterRowOf(sessionId, ids), isNull(sessionParticipants.removedAt)));
  }
  const voter = ids.userId !== null ? eq(votes.userId, ids.userId) : eq(votes.participantId, ids.participantId);
  await tx.delete(votes).where(and(eq(votes.storyId, input.storyId), voter));
  return {
    row: null,
    startedVoting: null,
    counts: await roundProgress(tx, sessionId, input.storyId),
    autoReveal: state.autoReveal,
  };
}

/** How often a vote is tried again when its session changed between the check and the write. */
const MAX_VOTE_ATTEMPTS = 4;

/**
 * Casts, changes or (points null: the `?` card) retracts the caller's vote on a story;
 * `points: "coffee"` stores a break request (issue #8 section 4: `points` null, `coffee`
 * true), which `votedCount` never counts.
 * The story row is locked (`SELECT ... FOR UPDATE`) so a vote never lands after a reveal. The
 * rules are checked first against the state the caller knows (`story`, the session of `access`)
 * and the vote written in the statement that takes the lock if that state is unchanged
 * (queries/roundProgress `castVoteIfUnchanged`; issue #10: one round trip); otherwise they are
 * checked against the state found under the lock, and it is written then.
 * With the session's `autoReveal` on, a vote that completes the round reveals it (autoRevealer,
 * after the vote's commit and push; issue #8 section 2).
 * Ids sent by the client must be the caller's own (DESIGN.md "Contracts").
 * @throws 429 RATE_LIMITED past the voter's vote budget (ctx.voteRate, checked before any work);
 *   403 PERMISSION_DENIED for someone else's id; 404 for a story of another session;
 *   409 VOTING_CLOSED once revealed, completed or skipped; 409 STORY_NOT_ACTIVE on a story that
 *   is not the group's active one (session.activeStoryId, else core `currentStory`; issue #8
 *   section 3); 400 VALIDATION_ERROR off the deck.
 */
export async function castVote(
  ctx: AppContext,
  access: SessionAccess,
  input: CastVoteInput,
  story?: KnownStory,
): Promise<CastVoteResult> {
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
  let expected: VoteState = {
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
    async (tx): Promise<VoteOutcome> => {
      if (input.points === null) return retractVote(ctx, tx, sessionId, input, ids, touch);
      const upsert = {
        storyId: input.storyId,
        userId,
        participantId,
        points: input.points === "coffee" ? null : input.points,
        coffee: input.points === "coffee",
        now: new Date(),
      };
      let write = voteAllowed(expected, sessionId, input.storyId, input);
      for (let attempt = 1; ; attempt++) {
        const cast = await castVoteIfUnchanged(tx, expected, upsert, {
          write,
          touch,
          graceSeconds: ctx.hub.presenceGraceSeconds,
        });
        if (!cast.found) throw notFound("Story not found");
        if (cast.written) {
          const { row, counts, state } = cast;
          let startedVoting: StoryRow | undefined;
          if (state.status === "pending" && !row.coffee) {
            [startedVoting] = await tx
              .update(stories)
              .set({ status: "voting", updatedAt: new Date() })
              .where(eq(stories.id, input.storyId))
              .returning();
          }
          return { row, startedVoting, counts, autoReveal: state.autoReveal };
        }
        // The state under the lock differs from the one expected: the rules decide on it.
        const activeId = cast.state.activeStoryId ?? (await queueCurrentStoryId(tx, sessionId));
        checkVote(cast.state, sessionId, input.storyId, input, activeId);
        if (attempt >= MAX_VOTE_ATTEMPTS) throw serviceUnavailable();
        expected = cast.state;
        write = true;
      }
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
