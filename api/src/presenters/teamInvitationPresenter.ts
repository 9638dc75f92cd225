import type { TeamInvitationView } from "@pointwise/core/presented";
import type { teamInvitations } from "../db/schema";

/** A row of `team_invitations`. */
export type TeamInvitationRow = typeof teamInvitations.$inferSelect;

/** A pending team invitation for the team's owner and admins: never the token or its hash. */
export function presentTeamInvitation(row: TeamInvitationRow): TeamInvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
