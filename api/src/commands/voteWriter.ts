import type { EstimationScale } from "@pointwise/core/decks";
import { deckFor, isInDeck } from "@pointwise/core/decks";
import type { StoryStatus } from "@pointwise/core/storySchemas";
import { type RoundCounts, type VoterIds, voterKeyOf } from "@pointwise/core/voters";
import type { CastVoteInput } from "@pointwise/core/voteSchemas";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { sessionParticipants, stories, votes } from "../db/schema";
import { voteVoterKeySql } from "../db/voterKeySql";
import { notFound, permissionDenied, serviceUnavailable, sessionLocked, validationError } from "../errors";
import { requireRunningRound } from "../policies/roundPolicy";
import type { StoryRow } from "../presenters/storyPresenter";
import type { VoteRow } from "../presenters/votePresenter";
import { countsOfRoom, type RoomGroup, roomSql, roundProgress } from "../queries/roundProgress";
import { currentStoryIdOf } from "../queries/storyWindow";
import { voterRowOf } from "../realtime/voterRow";

/**
 * The vote's write (issue #24 section 1: it lived in queries/roundProgress): the story locked,
 * the vote's rules checked, the vote stored or retracted, and the round counted, inside the
 * vote's transaction. `writeVote` is the one entry; on the usual path it is one statement
 * (`castVoteIfUnchanged`, issue #10: 3.1 ms of server CPU per vote became 0.8 ms when lock,
 * check, upsert and count stopped being separate round trips).
 */

/** A vote to store: the voter (one of the two ids), points (null with `coffee`) and the time of the change. */
export interface VoteUpsert {
  storyId: string;
  userId: string | null;
  participantId: string | null;
  points: number | null;
  coffee: boolean;
  now: Date;
}

/**
 * The state of a story and its session that a vote's rules read (`writeVote`): read under the
 * story's lock by `castVoteIfUnchanged`, or expected by its caller.
 */
export interface VoteState {
  sessionId: string;
  status: StoryStatus;
  votesRevealed: boolean;
  scale: EstimationScale;
  customDeck: number[] | null;
  locked: boolean;
  archived: boolean;
  activeStoryId: string | null;
  autoReveal: boolean;
}

/**
 * The story `storyId` locked (`SELECT ... FOR NO KEY UPDATE` of the story row: it conflicts with
 * every other lock of the row but the foreign-key checks' FOR KEY SHARE) with its session's state,
 * as `VoteState` columns: one home for the read that `castVoteIfUnchanged` and `lockVoteState` share.
 */
function lockedStorySql(storyId: string): SQL {
  return sql`select s.session_id as "sessionId", s.status, s.votes_revealed as "votesRevealed",
             ps.estimation_scale as scale, ps.custom_deck::float8[] as "customDeck", ps.locked,
             (ps.archived_at is not null) as archived, ps.active_story_id as "activeStoryId",
             ps.auto_reveal as "autoReveal"
      from stories s join pointing_sessions ps on ps.id = s.session_id
      where s.id = ${storyId}
      for no key update of s`;
}

/** A `VoteState` from a row of `lockedStorySql` (the deck's numbers may come back as strings). */
function voteStateOf(row: VoteState): VoteState {
  return {
    sessionId: row.sessionId,
    status: row.status,
    votesRevealed: row.votesRevealed,
    scale: row.scale,
    customDeck: row.customDeck?.map(Number) ?? null,
    locked: row.locked,
    archived: row.archived,
    activeStoryId: row.activeStoryId,
    autoReveal: row.autoReveal,
  };
}

/**
 * Locks the story row (`SELECT ... FOR UPDATE`) and reads the state a vote's rules need; null
 * for an unknown story. Inside the vote's transaction.
 */
async function lockVoteState(db: Db | Tx, storyId: string): Promise<VoteState | null> {
  const result = (await db.execute(lockedStorySql(storyId))) as unknown as { rows: VoteState[] };
  const row = result.rows[0];
  return row ? voteStateOf(row) : null;
}

/** What `castVoteIfUnchanged` found and did. */
export type GuardedVote =
  | { found: false }
  | { found: true; state: VoteState; written: false }
  | { found: true; state: VoteState; written: true; row: VoteRow; counts: RoundCounts };

/**
 * Locks the story row (`SELECT ... FOR UPDATE`, STYLE.md point 2) and, in the same statement,
 * stores the vote (insert or change) only if the story and its session are still in the state
 * `expected` the caller checked the vote's rules against, returning the state found under the
 * lock and, when written, the vote and the round's counts after it (issue #10: one round trip where
 * the lock, the rules and the upsert took three). With `write` false it only locks and reads.
 * A caller whose expectation was wrong checks the rules against the state returned, now locked,
 * and calls again with it: the rules stay in TypeScript (`writeVote`, policies/roundPolicy, core), the statement only
 * compares. The counts read the votes as they were before the statement (a data-modifying CTE's
 * rows are not visible to its own query), so the voter's old row is left out and the new one
 * counted unless it is a coffee card. With `touch` the voter's grace is renewed (`present_until`,
 * issue #8 section 1) in the same statement and they count as present. Run it inside the vote's
 * transaction: the lock is held until its commit, and the push is published after it.
 */
export async function castVoteIfUnchanged(
  db: Db | Tx,
  expected: VoteState,
  vote: VoteUpsert,
  options: { write: boolean; touch: boolean; graceSeconds: number },
): Promise<GuardedVote> {
  const { storyId, userId, participantId, points, coffee, now } = vote;
  const voterKey = voterKeyOf({ userId, participantId });
  const conflict = userId ? sql`(story_id, user_id)` : sql`(story_id, participant_id)`;
  const voterRow = userId ? sql`user_id = ${userId}::uuid` : sql`id = ${participantId}::uuid`;
  const key = voteVoterKeySql();
  const voted = sql`select distinct ${key} from votes where story_id = ${storyId} and coffee = false and ${key} <> ${voterKey}
    union all select ${voterKey}::text where not ${coffee}::boolean`;
  const result = (await db.execute(sql`
    with story as (${lockedStorySql(storyId)}), allowed as (
      select 1 from story
      where ${options.write}::boolean and story."sessionId" = ${expected.sessionId}::uuid
        and story.status = ${expected.status}::story_status and story."votesRevealed" = ${expected.votesRevealed}::boolean
        and story.scale = ${expected.scale}::estimation_scale
        and story."customDeck" is not distinct from ${sql.param(expected.customDeck)}::float8[]
        and story.locked = ${expected.locked}::boolean and story.archived = ${expected.archived}::boolean
        and story."activeStoryId" is not distinct from ${expected.activeStoryId}::uuid
    ), touched as (
      update session_participants set present_until = now() + make_interval(secs => ${options.graceSeconds})
      where ${options.touch}::boolean and exists (select 1 from allowed)
        and session_id = ${expected.sessionId}::uuid and ${voterRow} and removed_at is null
      returning 1
    ), upserted as (
      insert into votes (story_id, user_id, participant_id, points, coffee)
      select ${storyId}::uuid, ${userId}::uuid, ${participantId}::uuid, ${points}::numeric, ${coffee}::boolean from allowed
      on conflict ${conflict} do update set points = excluded.points, coffee = excluded.coffee, updated_at = ${now.toISOString()}::timestamptz
      returning id, story_id, user_id, participant_id, points, coffee, created_at, updated_at
    )
    select st.*, (select count(*) from touched)::int as touched,
           u.id as "voteId", u.story_id as "voteStoryId", u.user_id as "voteUserId",
           u.participant_id as "voteParticipantId", u.points::float8 as "votePoints", u.coffee as "voteCoffee",
           u.created_at as "voteCreatedAt", u.updated_at as "voteUpdatedAt",
           case when u.id is not null then
             (select coalesce(json_agg(r), '[]'::json) from (${roomSql(expected.sessionId, voted, voterKey)}) r)
           end as room
    from story st left join upserted u on true`)) as unknown as {
    rows: (VoteState & {
      touched: number;
      voteId: string | null;
      voteStoryId: string;
      voteUserId: string | null;
      voteParticipantId: string | null;
      votePoints: number | string | null;
      voteCoffee: boolean;
      voteCreatedAt: Date | string;
      voteUpdatedAt: Date | string;
      room: RoomGroup[] | string | null;
    })[];
  };
  const first = result.rows[0];
  if (!first) return { found: false };
  const state = voteStateOf(first);
  if (!first.voteId) return { found: true, state, written: false };
  const row: VoteRow = {
    id: first.voteId,
    storyId: first.voteStoryId,
    userId: first.voteUserId,
    participantId: first.voteParticipantId,
    points: first.votePoints === null ? null : Number(first.votePoints),
    coffee: first.voteCoffee,
    createdAt: new Date(first.voteCreatedAt),
    updatedAt: new Date(first.voteUpdatedAt),
  };
  const room = typeof first.room === "string" ? (JSON.parse(first.room) as RoomGroup[]) : (first.room ?? []);
  // The renewed grace is not visible to the statement's own read of the room: the voter is present.
  const counts = countsOfRoom(room, first.touched > 0);
  return { found: true, state, written: true, row, counts };
}

/**
 * The rules a vote must pass, checked against the story's and session's state (`state`) and the
 * group's current story (`currentId`), in the order the errors are reported.
 * @throws 404 NOT_FOUND for a story of another session; 423 SESSION_LOCKED; 403 PERMISSION_DENIED
 *   when archived; 400 VALIDATION_ERROR off the deck; then policies/roundPolicy
 *   `requireRunningRound`: 409 VOTING_CLOSED once revealed, completed or skipped, 409
 *   STORY_NOT_ACTIVE when the story is not the group's (issue #8 section 3).
 */
function checkVote(
  state: VoteState,
  sessionId: string,
  storyId: string,
  input: CastVoteInput,
  currentId: string | null,
) {
  if (state.sessionId !== sessionId) throw notFound("Story not found");
  if (state.locked) throw sessionLocked();
  if (state.archived) throw permissionDenied("This session is archived");
  const deck = deckFor(state.scale, state.customDeck);
  if (typeof input.points === "number" && !isInDeck(deck, input.points)) {
    const allowed = deck.map((c) => (c.coffee ? "coffee" : c.label)).join(", ");
    throw validationError({ points: [`Vote must be one of: ${allowed}`] });
  }
  requireRunningRound({ id: storyId, status: state.status, votesRevealed: state.votesRevealed }, currentId);
}

/** True when `checkVote` passes for `state` (the current story known from it alone). */
function voteAllowed(state: VoteState, sessionId: string, storyId: string, input: CastVoteInput): boolean {
  if (!state.activeStoryId) return false; // the queue decides: read under the lock
  try {
    checkVote(state, sessionId, storyId, input, state.activeStoryId);
    return true;
  } catch {
    return false;
  }
}

/** The group's current story under the vote's lock: the active one, else the first open one. */
const currentIdUnderLock = async (tx: Db | Tx, state: VoteState): Promise<string | null> =>
  state.activeStoryId ?? (await currentStoryIdOf(tx, state.sessionId));

/** A vote to write: whose, on what, the state the caller expects, and whether to renew the voter's grace. */
export interface VoteWrite {
  sessionId: string;
  input: CastVoteInput;
  ids: VoterIds;
  /** The story's and session's state as the caller knows it; the lock tells otherwise. */
  expected: VoteState;
  /** Renew the voter's presence grace (a vote over REST or a card: issue #8 section 1). */
  touch: boolean;
  /** PRESENCE_GRACE_SECONDS: the grace a touch renews. */
  graceSeconds: number;
}

/** What a vote's write did: the stored vote (null when retracted), the story it started, the counts after it. */
export interface VoteOutcome {
  row: VoteRow | null;
  /** The story, when this vote moved it from pending to voting (its push goes out after the commit). */
  startedVoting: StoryRow | null | undefined;
  counts: RoundCounts;
  /** The session reveals a complete round by itself (issue #8 section 2). */
  autoReveal: boolean;
}

/** How often a vote is tried again when its session changed between the check and the write. */
const MAX_VOTE_ATTEMPTS = 4;

/**
 * Writes a vote inside `tx`: casts or changes it (`points` a number, or `coffee`: a break
 * request stored with points null, never counted; issue #8 section 4) or retracts it (`points`
 * null, the `?` card). The story row is locked so a vote never lands after a reveal. The rules
 * are checked first against `expected` and the vote written in the statement that takes the lock
 * if that state is unchanged; otherwise they are checked against the state found under the lock,
 * and it is written then. A vote that starts a pending story sets it voting.
 * @throws as `checkVote`; 404 for an unknown story; 503 SERVICE_UNAVAILABLE when the session kept
 *   changing under the vote (MAX_VOTE_ATTEMPTS)
 */
export async function writeVote(tx: Db | Tx, write: VoteWrite): Promise<VoteOutcome> {
  const { sessionId, input, ids, touch, graceSeconds } = write;
  if (input.points === null) return retractVote(tx, write);
  const upsert: VoteUpsert = {
    storyId: input.storyId,
    userId: ids.userId,
    participantId: ids.participantId,
    points: input.points === "coffee" ? null : input.points,
    coffee: input.points === "coffee",
    now: new Date(),
  };
  let expected = write.expected;
  let allowed = voteAllowed(expected, sessionId, input.storyId, input);
  for (let attempt = 1; ; attempt++) {
    const cast = await castVoteIfUnchanged(tx, expected, upsert, { write: allowed, touch, graceSeconds });
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
    checkVote(cast.state, sessionId, input.storyId, input, await currentIdUnderLock(tx, cast.state));
    if (attempt >= MAX_VOTE_ATTEMPTS) throw serviceUnavailable();
    expected = cast.state;
    allowed = true;
  }
}

/**
 * Retracts the caller's vote on a story (the `?` card): the story locked, the rules checked
 * against its state, the voter's grace renewed when `touch`, the vote deleted and the round
 * counted, one statement after the other (a rare action; a vote is `castVoteIfUnchanged`).
 */
async function retractVote(tx: Db | Tx, write: VoteWrite): Promise<VoteOutcome> {
  const { sessionId, input, ids } = write;
  const state = await lockVoteState(tx, input.storyId);
  if (!state) throw notFound("Story not found");
  checkVote(state, sessionId, input.storyId, input, await currentIdUnderLock(tx, state));
  if (write.touch) {
    await tx
      .update(sessionParticipants)
      .set({ presentUntil: sql`now() + make_interval(secs => ${write.graceSeconds})` })
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
