import { isUuid } from "@pointwise/core/ids";
import type { ParticipantView } from "@pointwise/core/presented";
import { type ChoosableRole, voterKeyOf } from "@pointwise/core/voters";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import { sessionParticipants, stories, votes } from "../db/schema";
import { cannotRemoveLeader, notFound, permissionDenied } from "../errors";
import { isSessionLeader, type ParticipantRow, type SessionAccess, sessionPolicy } from "../policies/sessionPolicy";
import { viewerOf } from "../presenters/participantPresenter";
import { roundProgress } from "../queries/roundProgress";
import { participantViews } from "../queries/sessionState";
import { publishParticipantsUpdate } from "../realtime/participantsUpdate";

/**
 * The session's participant `participantId` (not removed), locked for update inside `tx`.
 * @throws 404 NOT_FOUND "Participant not found" for a malformed id, another session's or a removed one.
 */
async function lockParticipant(tx: Tx, sessionId: string, participantId: string): Promise<ParticipantRow> {
  if (!isUuid(participantId)) throw notFound("Participant not found");
  const [row] = await tx
    .select()
    .from(sessionParticipants)
    .where(
      and(
        eq(sessionParticipants.id, participantId),
        eq(sessionParticipants.sessionId, sessionId),
        isNull(sessionParticipants.removedAt),
      ),
    )
    .for("update");
  if (!row) throw notFound("Participant not found");
  return row;
}

/**
 * Deletes the participant's votes on this session's stories whose votes are not revealed yet
 * (issue #8 section 1: an observer's or a removed person's unrevealed vote is dropped; revealed
 * votes stay, they are the round's result). Returns the stories that lost a vote.
 */
async function dropUnrevealedVotes(tx: Tx, sessionId: string, row: ParticipantRow): Promise<string[]> {
  const unrevealed = sql`(select ${stories.id} from ${stories} where ${stories.sessionId} = ${sessionId} and ${stories.votesRevealed} = false)`;
  const dropped = await tx
    .delete(votes)
    .where(
      and(
        inArray(votes.storyId, unrevealed),
        row.userId
          ? or(eq(votes.userId, row.userId), eq(votes.participantId, row.id))
          : eq(votes.participantId, row.id),
      ),
    )
    .returning({ storyId: votes.storyId });
  return [...new Set(dropped.map((d) => d.storyId))];
}

/** Pushes `vote_update` (vote null) with fresh counts for each story that lost the voter's vote. */
async function publishDroppedVotes(ctx: AppContext, sessionId: string, voterKey: string, storyIds: string[]) {
  for (const storyId of storyIds) {
    const counts = await roundProgress(ctx.db, sessionId, storyId);
    await ctx.hub.publish(sessionId, { type: "vote_update", sessionId, storyId, vote: null, voterKey, ...counts });
  }
}

/**
 * Switches a participant between voter (`participant`) and `observer` (issue #8 section 1;
 * PATCH /api/sessions/{id}/participants/{participantId}): the person themself, or the leader for
 * anyone. Becoming an observer drops their unrevealed votes (an observer is never waited for and
 * never votes). The session's creator becomes `creator` again as a voter. Everyone gets a
 * `participants_update` with the participant and the new counts (and `vote_update` for a dropped vote).
 * @throws 401/403 as sessionPolicy.view; 403 PERMISSION_DENIED for someone else's role when not
 *   the leader, or in an archived session; 404 for an unknown participant.
 */
export async function setParticipantRole(
  ctx: AppContext,
  access: SessionAccess,
  participantId: string,
  role: ChoosableRole,
): Promise<ParticipantView> {
  sessionPolicy.view(access);
  const sessionId = access.session.id;
  const { row, dropped } = await ctx.db.transaction(async (tx) => {
    const target = await lockParticipant(tx, sessionId, participantId);
    if (!access.isLeader && access.participant?.id !== target.id) {
      throw permissionDenied("Only the session leader can change another participant's role");
    }
    if (access.session.archivedAt) throw permissionDenied("This session is archived");
    const stored = role === "participant" && target.userId === access.session.creatorId ? "creator" : role;
    if (target.role === stored) return { row: target, dropped: [] as string[] };
    const [updated] = await tx
      .update(sessionParticipants)
      .set({ role: stored })
      .where(eq(sessionParticipants.id, target.id))
      .returning();
    const lost = role === "observer" ? await dropUnrevealedVotes(tx, sessionId, target) : [];
    return { row: updated ?? target, dropped: lost };
  });
  const voterKey = voterKeyOf({ userId: row.userId, participantId: row.id });
  await publishDroppedVotes(ctx, sessionId, voterKey, dropped);
  // Sent in any room, however big: the person themself and the leader see it (issue #24 section 3).
  await publishParticipantsUpdate(ctx, sessionId, { roleChanged: [voterKey] });
  const views = await participantViews(ctx, sessionId, viewerOf(access));
  const view = views.find((p) => p.id === row.id);
  if (!view) throw notFound("Participant not found");
  return view;
}

/**
 * Removes a participant, registered or guest (issue #8 section 1; DELETE
 * /api/sessions/{id}/participants/{participantId}, the leader only). The row stays, marked
 * `removed_at` (revealed votes keep their voter's name), and grants nothing from now on: REST
 * calls and WebSocket joins answer 403 PARTICIPANT_REMOVED, and a removed user cannot rejoin
 * with the link (a guest could only join again as a new guest). Their unrevealed votes are
 * dropped. Everyone gets `participant_removed` (the removed person's sockets are closed right
 * after it, close code 4403), `vote_update` for each dropped vote and a `participants_update` with
 * the new counts.
 * @throws 401/403 unless the caller leads the session; 404 for an unknown participant;
 *   409 CANNOT_REMOVE_LEADER for the session's creator or leader.
 */
export async function removeParticipant(ctx: AppContext, access: SessionAccess, participantId: string): Promise<void> {
  sessionPolicy.manage(access);
  const sessionId = access.session.id;
  const { row, dropped } = await ctx.db.transaction(async (tx) => {
    const target = await lockParticipant(tx, sessionId, participantId);
    if (target.role === "creator" || isSessionLeader(access.session, target.userId)) throw cannotRemoveLeader();
    await tx
      .update(sessionParticipants)
      .set({ removedAt: new Date(), presentUntil: null })
      .where(eq(sessionParticipants.id, target.id));
    return { row: target, dropped: await dropUnrevealedVotes(tx, sessionId, target) };
  });
  const voterKey = voterKeyOf({ userId: row.userId, participantId: row.id });
  await ctx.hub.publish(sessionId, { type: "participant_removed", sessionId, participantId: row.id, voterKey });
  await publishDroppedVotes(ctx, sessionId, voterKey, dropped);
  // Whoever moves into a big room's window with this removal is new to every client (issue #24 section 3).
  await publishParticipantsUpdate(ctx, sessionId, { windowChanged: true });
}
