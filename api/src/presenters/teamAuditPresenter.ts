import type { TeamAuditEntryView } from "@pointwise/core/presented";
import type { teamAuditEntries } from "../db/schema";

/** A row of `team_audit_entries`. */
export type TeamAuditEntryRow = typeof teamAuditEntries.$inferSelect;

/** One audit-log entry as the team's owner and admins see it (issue #22). */
export function presentTeamAuditEntry(row: TeamAuditEntryRow): TeamAuditEntryView {
  return {
    id: row.id,
    action: row.action,
    sessionId: row.sessionId,
    sessionTitle: row.sessionTitle,
    storyId: row.storyId,
    storyTitle: row.storyTitle,
    previousPoints: row.previousPoints,
    finalPoints: row.finalPoints,
    user: { id: row.userId, name: row.userName },
    createdAt: row.createdAt.toISOString(),
  };
}
