import { isUuid } from "@pointwise/core/ids";
import type { ParticipantView } from "@pointwise/core/presented";
import { sql } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import { sessionInvitations, sessionParticipants } from "../db/schema";
import { notFound, participantRemoved } from "../errors";
import type { ParticipantRow } from "../policies/sessionPolicy";
import { presentParticipant, ROOM_VIEWER } from "../presenters/participantPresenter";
import { lockOpenSession } from "../queries/openSession";
import { type PublishTiming, publishParticipantsUpdate } from "../realtime/participantsUpdate";

/**
 * Adds a registered user to a session (self-join with the link, a first join after an
 * invitation by e-mail, which it accepts, or a team member invited by id).
 * Idempotent: an existing participant is returned with `created` false. Joining starts the
 * presence grace (issue #8 section 1), so the round waits for a newcomer until their socket is up. The participant is
 * presented as the whole room sees it (no e-mail): the same view is pushed to everyone.
 * @param role the role of a new participant: `observer` for "Join as observer" (issue #8 section 1)
 * @param timing `held` when the user's WebSocket join follows (the web app's REST join, the
 *   WebSocket join itself): the newcomer's push waits for it and goes out with its `online`, one
 *   frame (issue #10), and this returns without waiting for the push; `now` otherwise.
 * @throws 404 NOT_FOUND for an unknown or malformed session id (checked before any query:
 *   a non-uuid would be a database error); 403 when archived or full; 403 PARTICIPANT_REMOVED
 *   for a user the leader removed (they cannot rejoin).
 */
export async function addUserParticipant(
  ctx: AppContext,
  sessionId: string,
  user: UserRow,
  role: "participant" | "observer" = "participant",
  timing: PublishTiming = "now",
): Promise<{ participant: ParticipantView; created: boolean }> {
  if (!isUuid(sessionId)) throw notFound("Session not found");
  const existing = await ctx.db
    .select()
    .from(sessionParticipants)
    .where(sql`${sessionParticipants.sessionId} = ${sessionId} and ${sessionParticipants.userId} = ${user.id}`);
  if (existing[0]?.removedAt) throw participantRemoved();
  if (existing[0]) return { participant: presentParticipant(existing[0], user, ROOM_VIEWER), created: false };
  const row: ParticipantRow = await ctx.db.transaction(async (tx) => {
    await lockOpenSession(tx, sessionId, "Session not found");
    const [inserted] = await tx
      .insert(sessionParticipants)
      .values({ sessionId, userId: user.id, role, presentUntil: ctx.hub.graceEndSql() })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      if (user.email) await acceptInvitation(tx, sessionId, user.email);
      return inserted;
    }
    const [again] = await tx
      .select()
      .from(sessionParticipants)
      .where(sql`${sessionParticipants.sessionId} = ${sessionId} and ${sessionParticipants.userId} = ${user.id}`);
    if (!again) throw new Error("unreachable: conflict without a row");
    if (again.removedAt) throw participantRemoved();
    return again;
  });
  const view = presentParticipant(row, user, ROOM_VIEWER);
  const published = publishParticipantsUpdate(ctx, sessionId, { participants: [view] }, timing);
  if (timing === "held") published.catch(() => undefined);
  else await published;
  return { participant: view, created: true };
}

/** Marks the user's pending invitation to the session accepted: they joined (issue #7). */
async function acceptInvitation(tx: Tx, sessionId: string, email: string): Promise<void> {
  await tx
    .update(sessionInvitations)
    .set({ acceptedAt: new Date() })
    .where(
      sql`${sessionInvitations.sessionId} = ${sessionId} and ${sessionInvitations.email} = ${email.toLowerCase()} and ${sessionInvitations.acceptedAt} is null`,
    );
}
