import type { RoundProgressFields } from "@pointwise/core/realtime";
import { isPresent, type RoundCounts, roundCounts, roundCountsOfGroups, voterKeyOf } from "@pointwise/core/voters";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { votes } from "../db/schema";
import { participantVoterKeySql, voteVoterKeySql } from "../db/voterKeySql";
import type { ParticipantRow } from "../policies/sessionPolicy";
import type { ParticipantUser } from "../presenters/participantPresenter";
import { liveVoterKeysSql } from "../realtime/presence";
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
  const key = participantVoterKeySql("sp");
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
  const voted = sql`select distinct ${voteVoterKeySql()} from votes where story_id = ${storyId} and coffee = false`;
  const result = (await db.execute(roomSql(sessionId, voted))) as unknown as { rows: RoomGroup[] };
  return countsOfRoom(result.rows);
}

/**
 * One group of `roomSql`: participants alike in what the round's rule reads. `presentUntil` is
 * the latest of the group, whose members all have a grace running or all have none.
 */
export interface RoomGroup {
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
export function roomSql(sessionId: string, voted: SQL, self: string | null = null): SQL {
  const key = participantVoterKeySql("sp");
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
export function countsOfRoom(groups: readonly RoomGroup[], selfPresent = false): RoundCounts {
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
