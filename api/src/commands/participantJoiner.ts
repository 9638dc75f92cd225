import { isUuid } from "@pointwise/core/ids";
import type { ParticipantView } from "@pointwise/core/presented";
import { sql } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import { sessionParticipants } from "../db/schema";
import { notFound } from "../errors";
import type { ParticipantRow } from "../policies/sessionPolicy";
import { presentParticipant } from "../presenters/participantPresenter";
import { lockOpenSession } from "../queries/openSession";
import { publishParticipantsUpdate } from "../realtime/participantsUpdate";

/**
 * Adds a registered user to a session (self-join with the link, or an invitation).
 * Idempotent: an existing participant is returned with `created` false.
 * @throws 404 NOT_FOUND for an unknown session; 403 when archived or full.
 */
export async function addUserParticipant(
  ctx: AppContext,
  sessionId: string,
  user: UserRow,
): Promise<{ participant: ParticipantView; created: boolean }> {
  if (!isUuid(sessionId)) throw notFound("Session not found"); // never a malformed id into a uuid column
  const existing = await ctx.db
    .select()
    .from(sessionParticipants)
    .where(sql`${sessionParticipants.sessionId} = ${sessionId} and ${sessionParticipants.userId} = ${user.id}`);
  if (existing[0]) return { participant: presentParticipant(existing[0], user), created: false };
  const row: ParticipantRow = await ctx.db.transaction(async (tx) => {
    await lockOpenSession(tx, sessionId, "Session not found");
    const [inserted] = await tx
      .insert(sessionParticipants)
      .values({ sessionId, userId: user.id })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
    const [again] = await tx
      .select()
      .from(sessionParticipants)
      .where(sql`${sessionParticipants.sessionId} = ${sessionId} and ${sessionParticipants.userId} = ${user.id}`);
    if (!again) throw new Error("unreachable: conflict without a row");
    return again;
  });
  const view = presentParticipant(row, user);
  await publishParticipantsUpdate(ctx, sessionId, { participants: [view] });
  return { participant: view, created: true };
}
