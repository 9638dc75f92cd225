import { isUuid } from "@pointwise/core/ids";
import { voterKeyOf } from "@pointwise/core/voters";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { type IdentitySource, optionalUser, type UserRow } from "../auth/currentUser";
import { hashParticipantToken, participantTokenOf } from "../auth/participantTokens";
import type { Db } from "../db/database";
import { pointingSessions, sessionInvitations, sessionParticipants, teamMembers } from "../db/schema";
import { notFound, participantRemoved, permissionDenied, sessionLocked, unauthorized } from "../errors";
import { loadTeamAccess, memberTeamIds } from "./teamPolicy";

/** A row of `pointing_sessions`. */
export type SessionRow = typeof pointingSessions.$inferSelect;
/** A row of `session_participants`. */
export type ParticipantRow = typeof sessionParticipants.$inferSelect;

/** Who is calling, as far as one session is concerned. */
export interface SessionAccess {
  session: SessionRow;
  user: UserRow | null;
  /** The caller's participant row in this session (anonymous guest, or a joined user). */
  participant: ParticipantRow | null;
  /** `u:<userId>` or `p:<participantId>`: the caller's identity in votes and presence. */
  voterKey: string | null;
  /** Creator or leader (spec part 2 section 6). */
  isLeader: boolean;
  /** May see the session: leader, participant, member of the session's team, or invited by e-mail. */
  isMember: boolean;
  /**
   * The leader removed the caller from this session (issue #8 section 1): nothing is granted,
   * whatever team membership or invitation there is; `sessionPolicy.view` answers 403 PARTICIPANT_REMOVED.
   */
  removed: boolean;
}

/**
 * The sessions with a pending invitation (not accepted, not expired) for this e-mail, as a
 * subquery (`id in invitedSessionIds(email)`). An invitation lets its addressee see the
 * session before the first join, which makes them a participant (issue #7).
 */
export const invitedSessionIds = (email: string): SQL =>
  sql`(select ${sessionInvitations.sessionId} from ${sessionInvitations} where ${sessionInvitations.email} = ${email.toLowerCase()} and ${sessionInvitations.acceptedAt} is null and ${sessionInvitations.expiresAt} > now())`;

/** True when `userId` is the session's creator or leader. */
export const isSessionLeader = (session: SessionRow, userId: string | null | undefined): boolean =>
  !!userId && (session.creatorId === userId || session.leaderId === userId);

/**
 * Resolves the caller's rights in one session from the sign-in cookie or the participant
 * token (header `X-Participant-Token` or cookie `pt_<sessionId>`); never from ids in a body.
 * @throws 404 NOT_FOUND when the session does not exist (or the id is not a uuid).
 */
export async function loadSessionAccess(
  db: Db,
  request: IdentitySource,
  sessionId: string,
  explicitToken?: string,
): Promise<SessionAccess> {
  if (!isUuid(sessionId)) throw notFound("Session not found");
  const session = (await db.select().from(pointingSessions).where(eq(pointingSessions.id, sessionId)))[0];
  if (!session) throw notFound("Session not found");
  const user = await optionalUser(db, request);
  let participant: ParticipantRow | null = null;
  let removed = false;
  if (user) {
    participant =
      (
        await db
          .select()
          .from(sessionParticipants)
          .where(and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.userId, user.id)))
      )[0] ?? null;
    if (participant?.removedAt) {
      removed = true;
      participant = null;
    }
  }
  if (!participant) {
    const token = explicitToken || participantTokenOf(request, sessionId);
    if (token) {
      const found = (
        await db
          .select()
          .from(sessionParticipants)
          .where(eq(sessionParticipants.tokenHash, hashParticipantToken(token)))
      )[0];
      if (found && found.sessionId === sessionId) {
        if (found.removedAt) removed = true;
        else participant = found;
      }
    }
  }
  const asUser = !!user && (isSessionLeader(session, user.id) || participant?.userId === user.id);
  const inTeam = !asUser && !!user && !!session.teamId && (await loadTeamAccess(db, user, session.teamId)).isMember;
  const invited =
    !asUser &&
    !inTeam &&
    !!user?.email &&
    (
      await db
        .select({ id: pointingSessions.id })
        .from(pointingSessions)
        .where(and(eq(pointingSessions.id, sessionId), inArray(pointingSessions.id, invitedSessionIds(user.email))))
    ).length > 0;
  return accessOf(session, user, participant, inTeam || invited, removed);
}

/**
 * The rights that follow from the rows: leader, the user's own participant row, and `granted`:
 * membership of the session's team or a pending invitation of the user's e-mail. A caller the
 * leader `removed` (issue #8 section 1) gets nothing but leadership, which cannot be removed.
 */
export function accessOf(
  session: SessionRow,
  user: UserRow | null,
  participant: ParticipantRow | null,
  granted: boolean,
  removed = false,
): SessionAccess {
  const isLeader = isSessionLeader(session, user?.id);
  if (removed && !isLeader) {
    return { session, user, participant: null, voterKey: null, isLeader, isMember: false, removed: true };
  }
  const memberAsUser = isLeader || (user !== null && participant?.userId === user.id) || granted;
  const isMember = memberAsUser || participant !== null;
  const voterKey =
    memberAsUser && user
      ? voterKeyOf({ userId: user.id })
      : participant
        ? voterKeyOf({ participantId: participant.id })
        : null;
  return { session, user, participant, voterKey, isLeader, isMember, removed: false };
}

/**
 * The read of `refreshSessionAccess`, prepared once per database (issue #24 section 3: it runs
 * before every vote, story change and reaction a socket sends, and building it with the query
 * builder each time cost more CPU than running it). Null placeholders match nothing: a guest has
 * no user id or e-mail, a signed-in user whose own row it is has no separate guest row.
 */
function prepareRefresh(db: Db) {
  const userId = sql.placeholder("userId");
  const guestRowId = sql.placeholder("guestRowId");
  const email = sql.placeholder("email");
  return db
    .select({
      session: pointingSessions,
      participant: sessionParticipants,
      inTeam: sql<boolean>`coalesce(${pointingSessions.teamId} in (select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId}), false)`,
      invited: sql<boolean>`coalesce(${pointingSessions.id} in (select ${sessionInvitations.sessionId} from ${sessionInvitations} where ${sessionInvitations.email} = ${email} and ${sessionInvitations.acceptedAt} is null and ${sessionInvitations.expiresAt} > now()), false)`,
    })
    .from(pointingSessions)
    .leftJoin(
      sessionParticipants,
      and(
        eq(sessionParticipants.sessionId, pointingSessions.id),
        or(eq(sessionParticipants.userId, userId), eq(sessionParticipants.id, guestRowId)),
      ),
    )
    .where(eq(pointingSessions.id, sql.placeholder("sessionId")))
    .orderBy(sql`${sessionParticipants.userId} = ${userId} desc nulls last`)
    .limit(1)
    .prepare("session_access_refresh");
}

const refreshQueries = new WeakMap<Db, ReturnType<typeof prepareRefresh>>();

/** `prepareRefresh` of `db`, prepared on first use. */
function refreshQuery(db: Db): ReturnType<typeof prepareRefresh> {
  let query = refreshQueries.get(db);
  if (!query) {
    query = prepareRefresh(db);
    refreshQueries.set(db, query);
  }
  return query;
}

/**
 * The same caller's rights re-read now, in one query: the session row (leader, lock, archive),
 * the caller's participant row (the user's own, else the guest row it held), the caller's
 * team membership and pending invitation. The identity (`access.user`, e.g. a Teams SSO user) is kept as it was.
 * For long-lived connections, where rights change after the join (a participant removed, a new
 * leader): the WebSocket re-checks every frame with it.
 * @throws 404 NOT_FOUND when the session was deleted.
 */
export async function refreshSessionAccess(db: Db, access: SessionAccess): Promise<SessionAccess> {
  const user = access.user;
  const guestRowId = access.participant && access.participant.userId !== user?.id ? access.participant.id : null;
  const [row] = await refreshQuery(db).execute({
    sessionId: access.session.id,
    userId: user?.id ?? null,
    guestRowId,
    email: user?.email?.toLowerCase() ?? null,
  });
  if (!row) throw notFound("Session not found");
  const removed = row.participant?.removedAt != null;
  return accessOf(
    row.session,
    user,
    removed ? null : row.participant,
    row.inTeam === true || row.invited === true,
    removed,
  );
}

/**
 * Who may do what in a session, declared in one place (spec part 2 section 6).
 * Each check throws 401 when the caller has no identity at all and 403 when it has one
 * but lacks the right.
 */
export const sessionPolicy = {
  /** See the session, its stories, participants and (secrecy applied) votes. */
  view(access: SessionAccess): void {
    if (access.isMember) return;
    if (access.removed) throw participantRemoved();
    if (!access.user) throw unauthorized();
    throw permissionDenied();
  },
  /** Vote and invite: any member who is not an observer, in an open, unlocked session. */
  participate(access: SessionAccess): void {
    sessionPolicy.view(access);
    if (access.participant?.role === "observer") throw permissionDenied("Observers cannot vote");
    if (access.session.locked) throw sessionLocked();
    if (access.session.archivedAt) throw permissionDenied("This session is archived");
  },
  /** Run the round: stories, active story, reveal, next/skip, import, new round. */
  lead(access: SessionAccess): void {
    sessionPolicy.view(access);
    if (!access.isLeader) throw permissionDenied();
    if (access.session.locked) throw sessionLocked();
  },
  /**
   * Reveal a story's votes: the leader at any time (Force Reveal); anyone else only once every
   * present participant who is not an observer has voted (spec part 2 section 4; DESIGN.md
   * "Reveal"; issue #8 section 1). Callers check `participate` first; `tally` is queries/roundProgress.
   * @throws 403 PERMISSION_DENIED for a non-leader before everyone has voted.
   */
  reveal(access: SessionAccess, tally: { cast: number; eligible: number }): void {
    if (access.isLeader) return;
    if (tally.cast < tally.eligible) {
      throw permissionDenied("Only the session leader can reveal before everyone has voted");
    }
  },
  /**
   * See participants' e-mail addresses and pending invitations: the leader (issue #7; the
   * participant presenter applies the same rule through viewerOf).
   */
  seeInvitations(access: SessionAccess): void {
    sessionPolicy.view(access);
    if (!access.isLeader) throw permissionDenied();
  },
  /** Edit, archive, unarchive and delete the session (creator or leader). */
  manage(access: SessionAccess): void {
    sessionPolicy.view(access);
    if (!access.isLeader) throw permissionDenied();
  },
};

/**
 * The sessions `user` may see, as a filter for lists: the rows `sessionPolicy.view` admits as
 * a user (created, led, joined, of one of the user's teams, or invited by e-mail; spec part 1
 * section 4, issue #7).
 */
export function sessionsVisibleTo(user: UserRow): SQL {
  const visible = or(
    eq(pointingSessions.creatorId, user.id),
    eq(pointingSessions.leaderId, user.id),
    inArray(
      pointingSessions.id,
      sql`(select ${sessionParticipants.sessionId} from ${sessionParticipants} where ${sessionParticipants.userId} = ${user.id})`,
    ),
    inArray(pointingSessions.teamId, memberTeamIds(user.id)),
    ...(user.email ? [inArray(pointingSessions.id, invitedSessionIds(user.email))] : []),
  ) as SQL;
  // A session the user was removed from is no longer theirs to see (issue #8 section 1).
  return and(
    visible,
    sql`${pointingSessions.id} not in (select ${sessionParticipants.sessionId} from ${sessionParticipants} where ${sessionParticipants.userId} = ${user.id} and ${sessionParticipants.removedAt} is not null)`,
  ) as SQL;
}
