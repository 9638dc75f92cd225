import type { TeamView } from "@pointwise/core/presented";
import type { teams } from "../db/schema";

/** A row of `teams`. */
export type TeamRow = typeof teams.$inferSelect;

/** A team as the client sees it (spec part 2 section 7, team calls). */
export function presentTeam(team: TeamRow): TeamView {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    creatorId: team.creatorId,
    createdAt: team.createdAt.toISOString(),
  };
}
