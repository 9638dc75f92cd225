import type { RoundProgressFields } from "@pointwise/core/realtime";
import { OPEN_STORY_STATUSES } from "@pointwise/core/storyRules";
import { isPresent, type RoundCounts, roundCounts, voterKeyOf } from "@pointwise/core/voters";
import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { pointingSessions, realtimePresence, sessionParticipants, stories, users, votes } from "../db/schema";
import type { ParticipantRow } from "../policies/sessionPolicy";
import type { ParticipantUser } from "../presenters/participantPresenter";
import type { VoteRow } from "../presenters/votePresenter";
import { PRESENCE_TTL_SECONDS } from "../realtime/hub";

/** A participant row (not removed) with its user and whether they are present now. */
export interface ParticipantPresence {
  row: ParticipantRow;
  /** The user (the fields a participant's view needs), null for a guest. */
  user: ParticipantUser | null;
  voterKey: string;
  /** Connected on some live instance now (realtime_presence within its TTL). */
  online: boolean;
  /** core `isPresent`: connected on any live instance, or within the grace (`present_until`). */
  present: boolean;
}

/** A participant row's voterKey in SQL (core `voterKeyOf`): `u:<userId>`, else `p:<participantId>`. */
const voterKeySql = sql<string>`(case when ${sessionParticipants.userId} is not null
  then 'u:' || ${sessionParticipants.userId} else 'p:' || ${sessionParticipants.id} end)`;

/**
 * The session's participants (removed ones left out) in join order, with their users, whether
 * they are connected (`online`) and `present` from core `isPresent` on the database's clock
 * (issue #8 section 1): one query, on the database or inside a transaction. Works across
 * instances (presence lives in PostgreSQL). The session's live voterKeys are read once and
 * hash-joined (issue #10): a per-row lookup scanned the whole room's presence for every
 * participant, N^2 per read.
 */
export async function participantPresence(db: Db | Tx, sessionId: string): Promise<ParticipantPresence[]> {
  const live = db
    .selectDistinct({ voterKey: realtimePresence.voterKey })
    .from(realtimePresence)
    .where(
      and(
        eq(realtimePresence.sessionId, sessionId),
        gt(realtimePresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`),
      ),
    )
    .as("live");
  const rows = await db
    .select({
      p: sessionParticipants,
      u: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
      },
      online: sql<boolean>`(${live.voterKey} is not null)`,
      nowMs: sql<number>`(extract(epoch from now()) * 1000)::float8`,
    })
    .from(sessionParticipants)
    .leftJoin(users, eq(users.id, sessionParticipants.userId))
    .leftJoin(live, eq(live.voterKey, voterKeySql))
    .where(and(eq(sessionParticipants.sessionId, sessionId), isNull(sessionParticipants.removedAt)))
    .orderBy(asc(sessionParticipants.joinedAt));
  return rows.map((r) => ({
    row: r.p,
    user: r.u,
    voterKey: voterKeyOf({ userId: r.p.userId, participantId: r.p.id }),
    online: r.online === true,
    present: isPresent({ online: r.online === true, presentUntil: r.p.presentUntil }, Number(r.nowMs)),
  }));
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
  const result = (await db.execute(sql`${roomSql(sessionId, voted)}`)) as unknown as { rows: RoomRow[] };
  return countsOfRoom(result.rows);
}

/** One participant row of `roomSql`; `id` null only for the vote's own row when the room is empty. */
interface RoomRow {
  id: string | null;
  userId: string | null;
  role: ParticipantRow["role"];
  presentUntil: Date | string | null;
  online: boolean;
  voted: boolean;
  nowMs: number | string;
}

/**
 * The session's participants (not removed) with whether each is online, whether each has a vote
 * (`voted`: a subquery of voterKeys) and the database's clock. The online voters and the voters
 * with a vote are each read once and hash-joined on the voterKey, where a correlated subquery
 * per participant scanned the session's presence rows again for each of them (quadratic: ~80 ms
 * a vote at 500; issue #10). Plain SQL: building it with the query builder cost more CPU than
 * running it.
 */
function roomSql(sessionId: string, voted: SQL) {
  const key = sql`(case when sp.user_id is not null then 'u:' || sp.user_id else 'p:' || sp.id end)`;
  return sql`select sp.id, sp.user_id as "userId", sp.role, sp.present_until as "presentUntil",
           (o.voter_key is not null) as online, (v.voter_key is not null) as voted,
           (extract(epoch from now()) * 1000)::float8 as "nowMs"
    from session_participants sp
    left join (
      select distinct voter_key from realtime_presence
      where session_id = ${sessionId} and seen_at > now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})
    ) o on o.voter_key = ${key}
    left join (${voted}) v(voter_key) on v.voter_key = ${key}
    where sp.session_id = ${sessionId} and sp.removed_at is null`;
}

/** core `roundCounts` of the rows of `roomSql` (rows without a participant id are skipped). */
function countsOfRoom(rows: readonly RoomRow[]): RoundCounts {
  const room = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      voterKey: voterKeyOf({ userId: r.userId, participantId: r.id }),
      role: r.role,
      present: isPresent({ online: r.online === true, presentUntil: r.presentUntil }, Number(r.nowMs)),
      voted: r.voted === true,
    }));
  return roundCounts(
    room,
    room.filter((p) => p.voted).map((p) => p.voterKey),
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
 * Stores (inserts or changes) one vote and returns it with the round's counts after it, in ONE
 * statement (issue #10: one round trip fewer per vote). The counts read the votes as they were
 * before the statement (a data-modifying CTE's rows are not visible to its own query), so the
 * voter's old row is left out and the new one counted unless it is a coffee card: the same
 * counts `roundProgress` gives after the upsert. Run it inside the vote's transaction, with the
 * story row locked.
 */
export async function upsertVoteWithProgress(
  db: Db | Tx,
  sessionId: string,
  vote: VoteUpsert,
): Promise<{ row: VoteRow; counts: RoundCounts }> {
  const { storyId, userId, participantId, points, coffee, now } = vote;
  const voterKey = voterKeyOf({ userId, participantId });
  const conflict = userId ? sql`(story_id, user_id)` : sql`(story_id, participant_id)`;
  const voted = sql`select distinct case when user_id is not null then 'u:' || user_id else 'p:' || participant_id end
    from votes where story_id = ${storyId} and coffee = false
      and (case when user_id is not null then 'u:' || user_id else 'p:' || participant_id end) <> ${voterKey}
    union all select ${voterKey}::text where not ${coffee}::boolean`;
  const result = (await db.execute(sql`
    with upserted as (
      insert into votes (story_id, user_id, participant_id, points, coffee)
      values (${storyId}, ${userId}, ${participantId}, ${points}, ${coffee})
      on conflict ${conflict} do update set points = ${points}, coffee = ${coffee}, updated_at = ${now.toISOString()}
      returning id, story_id, user_id, participant_id, points, coffee, created_at, updated_at
    )
    select u.id as "voteId", u.story_id as "voteStoryId", u.user_id as "voteUserId",
           u.participant_id as "voteParticipantId", u.points::float8 as "votePoints", u.coffee as "voteCoffee",
           u.created_at as "voteCreatedAt", u.updated_at as "voteUpdatedAt", r.*
    from upserted u left join (${roomSql(sessionId, voted)}) r on true`)) as unknown as {
    rows: (RoomRow & {
      voteId: string;
      voteStoryId: string;
      voteUserId: string | null;
      voteParticipantId: string | null;
      votePoints: number | string | null;
      voteCoffee: boolean;
      voteCreatedAt: Date | string;
      voteUpdatedAt: Date | string;
    })[];
  };
  const first = result.rows[0];
  if (!first) throw new Error("The vote upsert returned no row");
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
  return { row, counts: countsOfRoom(result.rows) };
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

/**
 * The id of the session's current story as core `currentStory` defines it (the chosen story
 * whatever its status, else the first open one in queue order), read without loading the queue:
 * this runs on every join and presence push, and a backlog may hold thousands of stories.
 */
async function currentStoryIdOf(db: Db | Tx, sessionId: string): Promise<string | null> {
  const [chosen] = await db
    .select({ id: stories.id })
    .from(pointingSessions)
    .innerJoin(stories, and(eq(stories.id, pointingSessions.activeStoryId), eq(stories.sessionId, sessionId)))
    .where(eq(pointingSessions.id, sessionId));
  if (chosen) return chosen.id;
  const [firstOpen] = await db
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.sessionId, sessionId), inArray(stories.status, OPEN_STORY_STATUSES)))
    .orderBy(asc(stories.position), asc(stories.createdAt))
    .limit(1);
  return firstOpen?.id ?? null;
}
