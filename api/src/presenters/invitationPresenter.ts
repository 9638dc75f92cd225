import type { SessionInvitationView } from "@pointwise/core/presented";
import type { sessionInvitations } from "../db/schema";

/** A row of `session_invitations`. */
export type InvitationRow = typeof sessionInvitations.$inferSelect;

/** A pending invitation as the session leader sees it: the address typed, no account's name (issue #7). */
export function presentInvitation(row: InvitationRow): SessionInvitationView {
  return {
    id: row.id,
    email: row.email,
    status: "invited",
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
