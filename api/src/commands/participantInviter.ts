import { sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { sessionInvitations } from "../db/schema";
import type { SessionAccess } from "../policies/sessionPolicy";

/** How long an invitation by e-mail stays open (issue #7). */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Invites an e-mail address to a session (POST /api/sessions/{id}/participants {email}).
 * The same single statement runs whether or not the address has an account, so neither the
 * answer nor its timing tells the inviter (issue #7, "Account enumeration"); nobody is added
 * without consent: the addressee sees the session and joins it themself. Inviting again
 * renews a pending invitation; an accepted one stays accepted.
 * @param email lower-case (inviteParticipantSchema)
 */
export async function inviteByEmail(ctx: AppContext, access: SessionAccess, email: string): Promise<void> {
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const invitedBy = access.user?.id ?? null;
  await ctx.db
    .insert(sessionInvitations)
    .values({ sessionId: access.session.id, email, invitedBy, expiresAt })
    .onConflictDoUpdate({
      target: [sessionInvitations.sessionId, sessionInvitations.email],
      set: { invitedBy, expiresAt, createdAt: sql`now()` },
      setWhere: sql`${sessionInvitations.acceptedAt} is null`,
    });
}
