import type { TeamRole } from "@pointwise/core/enumerations";
import type { TeamView } from "@pointwise/core/presented";
import type { TeamSettings } from "@pointwise/core/teamSchemas";
import type { teams } from "../db/schema";

/** A row of `teams`. */
export type TeamRow = typeof teams.$inferSelect;

/** A team's privacy and compliance settings (issue #22) from its row. */
export function teamSettingsOf(team: TeamRow): TeamSettings {
  return {
    allowAnonymousParticipants: team.allowAnonymousParticipants,
    privateTeam: team.privateTeam,
    auditLog: team.auditLog,
    dataRetention: team.dataRetention,
  };
}

/**
 * A team as the client sees it (spec part 2 section 7, team calls), with its settings (issue #22)
 * and the caller's role in it (`viewerRole`: null for an outsider reading an open team).
 */
export function presentTeam(team: TeamRow, viewerRole: TeamRole | null): TeamView {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    creatorId: team.creatorId,
    createdAt: team.createdAt.toISOString(),
    settings: teamSettingsOf(team),
    viewerRole,
  };
}
