import { isUuid } from "@pointwise/core/ids";
import { voterKeyOf } from "@pointwise/core/voters";
import { and, eq } from "drizzle-orm";
import { type IdentitySource, optionalUser, type UserRow } from "../auth/currentUser";
import { hashParticipantToken, participantTokenOf } from "../auth/participantTokens";
import type { Db } from "../db/database";
import { pointingSessions, sessionParticipants, teamMembers } from "../db/schema";
import { notFound, permissionDenied, sessionLocked, unauthorized } from "../errors";

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
  /** May see the session: leader, participant, or member of the session's team. */
  isMember: boolean;
}

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
  if (user) {
    participant =
      (
        await db
          .select()
          .from(sessionParticipants)
          .where(and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.userId, user.id)))
      )[0] ?? null;
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
      if (found && found.sessionId === sessionId) participant = found;
    }
  }
  const isLeader = isSessionLeader(session, user?.id);
  let memberAsUser = isLeader || (user !== null && participant?.userId === user.id);
  if (!memberAsUser && user && session.teamId) {
    const membership = await db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, session.teamId), eq(teamMembers.userId, user.id)));
    memberAsUser = membership.length > 0;
  }
  const isMember = memberAsUser || participant !== null;
  const voterKey =
    memberAsUser && user
      ? voterKeyOf({ userId: user.id })
      : participant
        ? voterKeyOf({ participantId: participant.id })
        : null;
  return { session, user, participant, voterKey, isLeader, isMember };
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
  /** Edit, archive, unarchive and delete the session (creator or leader). */
  manage(access: SessionAccess): void {
    sessionPolicy.view(access);
    if (!access.isLeader) throw permissionDenied();
  },
};
