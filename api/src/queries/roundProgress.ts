import type { EstimationScale } from "@pointwise/core/decks";
import type { RoundProgressFields } from "@pointwise/core/realtime";
import type { StoryStatus } from "@pointwise/core/storySchemas";
import { isPresent, type RoundCounts, roundCounts, roundCountsOfGroups, voterKeyOf } from "@pointwise/core/voters";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { votes } from "../db/schema";
import type { ParticipantRow } from "../policies/sessionPolicy";
import type { ParticipantUser } from "../presenters/participantPresenter";
import type { VoteRow } from "../presenters/votePresenter";
import { liveVoterKeysSql } from "../realtime/hub";
import { currentStoryIdOf } from "./storyWindow";

/** The fields of a participant row that a view of the room reads (presenters/participantPresenter). */
export type RoomParticipantRow = Pick<
  ParticipantRow,
  "id" | "userId" | "displayName" | "isAnonymous" | "role" | "joinedAt" | "presentUntil"
>;

/** A participant row (not removed) with its user and whether they are present now. */
export interface ParticipantPresence {
  row: RoomParticipantRow;
  /** The user (the fields a participant's view needs), null for a guest. */
  user: ParticipantUser | null;
  voterKey: string;
  /** Connected on some live instance now (hub `liveVoterKeysSql`). */
  online: boolean;
  /** core `isPresent`: connected on any live instance, or within the grace (`present_until`). */
  present: boolean;
}

/**
 * One participant as `participantPresence`'s query returns it: a JSON array, in this order (times
 * as epoch milliseconds).
 */
type RoomTuple = [
  id: string,
  userId: string | null,
  displayName: string | null,
  isAnonymous: boolean,
  role: ParticipantRow["role"],
  joinedMs: number,
  presentUntilMs: number | null,
  email: string | null,
  firstName: string | null,
  lastName: string | null,
  profileImageUrl: string | null,
  online: boolean,
];

/**
 * The session's participants (removed ones left out) in join order, with their users, whether
 * they are connected (`online`) and `present` from core `isPresent` on the database's clock
 * (issue #8 section 1): one query, on the database or inside a transaction. Works across
 * instances (presence lives in PostgreSQL). The session's live voterKeys are read once and
 * hash-joined (a per-row lookup scanned the whole room's presence for every participant, N^2 per
 * read). Issue #10: every join reads the whole room for its snapshot, so the read is as cheap as
 * it can be: only the columns a view reads, and the room comes back as one JSON array of arrays
 * (one value to decode, natively, instead of 13 per row: on PGlite a 500-person room read took
 * 6.1 ms as rows and 2.3 ms so; mapping rows through the query builder was a fifth of a join's
 * CPU before that).
 */
export async function participantPresence(db: Db | Tx, sessionId: string): Promise<ParticipantPresence[]> {
  const key = sql`(case when sp.user_id is not null then 'u:' || sp.user_id else 'p:' || sp.id end)`;
  const result = (await db.execute(sql`
    select coalesce(json_agg(json_build_array(
             sp.id, sp.user_id, sp.display_name, sp.is_anonymous, sp.role,
             (extract(epoch from sp.joined_at) * 1000)::float8, (extract(epoch from sp.present_until) * 1000)::float8,
             u.email, u.first_name, u.last_name, u.profile_image_url, o.voter_key is not null
           ) order by sp.joined_at), '[]')::text as room,
           (extract(epoch from now()) * 1000)::float8 as "nowMs"
    from session_participants sp
    left join users u on u.id = sp.user_id
    left join (${liveVoterKeysSql(sessionId)}) o on o.voter_key = ${key}
    where sp.session_id = ${sessionId} and sp.removed_at is null`)) as unknown as {
    rows: { room: string; nowMs: number | string }[];
  };
  const [first] = result.rows;
  if (!first) return [];
  const now = Number(first.nowMs);
  return (JSON.parse(first.room) as RoomTuple[]).map(
    ([
      id,
      userId,
      displayName,
      isAnonymous,
      role,
      joinedMs,
      presentUntilMs,
      email,
      firstName,
      lastName,
      profileImageUrl,
      online,
    ]) => {
      const presentUntil = presentUntilMs === null ? null : new Date(presentUntilMs);
      return {
        row: { id, userId, displayName, isAnonymous, role, joinedAt: new Date(joinedMs), presentUntil },
        user: userId ? { id: userId, email, firstName, lastName, profileImageUrl } : null,
        voterKey: voterKeyOf({ userId, participantId: id }),
        online,
        present: isPresent({ online, presentUntil }, now),
      };
    },
  );
}

/**
 * The one place the round's "n of m" is computed (issue #8 section 1): `expectedVoters` = the
 * present, non-observer participants (core `expectedVoters`); `votedCount` = how many of them
 * have a vote on the story. A coffee card is never a vote (issue #8 section 4). A vote cast by
 * someone who then left or became an observer stays stored (and is shown at reveal) but does
 * not count while they are absent, so n never exceeds m. Used by the non-leader reveal rule,
 * vote pushes, the snapshot, participants_update, auto-reveal and the Teams card.
 * @param db the database or a transaction (the reveal counts under the story's lock)
 * @param storyId null when the session has no story yet: 0 voted of the expected voters
 * @param people the session's participants when the caller has just read them (participantPresence)
 */
export async function roundProgress(
  db: Db | Tx,
  sessionId: string,
  storyId: string | null,
  people?: readonly ParticipantPresence[],
): Promise<RoundCounts> {
  if (people) {
    // The caller has the room already (snapshot, participants_update): read the votes only.
    const voted = storyId
      ? await db
          .select({ userId: votes.userId, participantId: votes.participantId })
          .from(votes)
          .where(and(eq(votes.storyId, storyId), eq(votes.coffee, false)))
      : [];
    return roundCounts(
      people.map((p) => ({ voterKey: p.voterKey, role: p.row.role, present: p.present })),
      voted.map((v) => voterKeyOf(v)),
    );
  }
  // One round trip (issue #10: this runs inside every vote's transaction), linear in the room.
  const voted = sql`select distinct case when user_id is not null then 'u:' || user_id else 'p:' || participant_id end
    from votes where story_id = ${storyId} and coffee = false`;
  const result = (await db.execute(roomSql(sessionId, voted))) as unknown as { rows: RoomGroup[] };
  return countsOfRoom(result.rows);
}

/**
 * One group of `roomSql`: participants alike in what the round's rule reads. `presentUntil` is
 * the latest of the group, whose members all have a grace running or all have none.
 */
interface RoomGroup {
  role: ParticipantRow["role"];
  online: boolean;
  presentUntil: Date | string | null;
  voted: boolean;
  /** The group is the given voter's own row (`roomSql`'s `self`). */
  self: boolean;
  count: number;
  nowMs: number | string;
}

/**
 * The session's participants (not removed), grouped by what the round's counts read (issue #10:
 * a few rows at any room size, where one row per participant made a vote at 500 parse and count
 * 500 rows): role, whether online (hub `liveVoterKeysSql`), whether a grace is running
 * (`present_until` after the database's clock; core `isPresent` decides on the group's latest),
 * whether they have a vote (`voted`: a subquery of voterKeys) and whether it is `self` (a voter
 * key, or null), with the database's clock. The online voters and the voters with a vote are each
 * read once and hash-joined on the voterKey. Plain SQL: building it with the query builder cost
 * more CPU than running it.
 */
function roomSql(sessionId: string, voted: SQL, self: string | null = null) {
  const key = sql`(case when sp.user_id is not null then 'u:' || sp.user_id else 'p:' || sp.id end)`;
  return sql`select sp.role, (o.voter_key is not null) as online, max(sp.present_until) as "presentUntil",
           (v.voter_key is not null) as voted, coalesce(${key} = ${self}::text, false) as self,
           count(*)::int as count, (extract(epoch from now()) * 1000)::float8 as "nowMs"
    from session_participants sp
    left join (${liveVoterKeysSql(sessionId)}) o on o.voter_key = ${key}
    left join (${voted}) v(voter_key) on v.voter_key = ${key}
    where sp.session_id = ${sessionId} and sp.removed_at is null
    group by sp.role, online, (sp.present_until > now()), voted, self`;
}

/**
 * core `roundCountsOfGroups` of the groups of `roomSql`, each present by core `isPresent`.
 * @param selfPresent the `self` group is present whatever its rows say (their grace was just renewed)
 */
function countsOfRoom(groups: readonly RoomGroup[], selfPresent = false): RoundCounts {
  return roundCountsOfGroups(
    groups.map((g) => ({
      role: g.role,
      voted: g.voted === true,
      count: Number(g.count),
      present:
        (selfPresent && g.self === true) ||
        isPresent({ online: g.online === true, presentUntil: g.presentUntil }, Number(g.nowMs)),
    })),
  );
}

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
 * The state of a story and its session that a vote's rules read (voteCaster): read under the
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
export async function lockVoteState(db: Db | Tx, storyId: string): Promise<VoteState | null> {
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
 * and calls again with it: the rules stay in TypeScript (voteCaster, core), the statement only
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
  const voted = sql`select distinct case when user_id is not null then 'u:' || user_id else 'p:' || participant_id end
    from votes where story_id = ${storyId} and coffee = false
      and (case when user_id is not null then 'u:' || user_id else 'p:' || participant_id end) <> ${voterKey}
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
 * The counts of the session's current story (the active story, else the first open one; core
 * `currentStory`), as the snapshot and `participants_update` carry them. Without a story:
 * `currentStoryId` null and 0 voted of the expected voters.
 * @param people the session's participants when the caller has just read them (participantPresence)
 */
export async function currentRoundProgress(
  db: Db | Tx,
  sessionId: string,
  people?: readonly ParticipantPresence[],
): Promise<RoundProgressFields> {
  const currentStoryId = await currentStoryIdOf(db, sessionId);
  return { currentStoryId, ...(await roundProgress(db, sessionId, currentStoryId, people)) };
}
