import type { SessionInvitationView } from "@pointwise/core/presented";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { sessionInvitations, sessionParticipants, users } from "../db/schema";
import { presentInvitation } from "../presenters/invitationPresenter";

/**
 * The session's pending invitations (not accepted, not expired), oldest first, leaving out
 * addresses that already belong to a participant. For the leader only (sessionPolicy.seeInvitations).
 */
export async function pendingInvitationViews(ctx: AppContext, sessionId: string): Promise<SessionInvitationView[]> {
  const rows = await ctx.db
    .select()
    .from(sessionInvitations)
    .where(
      and(
        eq(sessionInvitations.sessionId, sessionId),
        isNull(sessionInvitations.acceptedAt),
        gt(sessionInvitations.expiresAt, sql`now()`),
        sql`not exists (select 1 from ${sessionParticipants} join ${users} on ${users.id} = ${sessionParticipants.userId}
          where ${sessionParticipants.sessionId} = ${sessionId} and lower(${users.email}) = ${sessionInvitations.email})`,
      ),
    )
    .orderBy(asc(sessionInvitations.createdAt));
  return rows.map(presentInvitation);
}
