import type { SessionView, TeamMemberView, TeamView } from "@pointwise/core/presented";
import type { CreateTeamInput } from "@pointwise/core/teamSchemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";
import { queryKeys } from "./queryKeys";

const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /api/teams, cached 5 minutes without refetch (spec part 1 section 7). */
export function useTeams(enabled = true) {
  return useQuery<TeamView[]>({ queryKey: queryKeys.teams, enabled, staleTime: FIVE_MINUTES });
}

/** GET /api/teams/{id}/members; disabled without a team. */
export function useTeamMembers(teamId: string | null) {
  return useQuery<TeamMemberView[]>({ queryKey: queryKeys.teamMembers(teamId ?? "none"), enabled: teamId !== null });
}

/** GET /api/teams/{id}/sessions. */
export function useTeamSessions(teamId: string) {
  return useQuery<SessionView[]>({ queryKey: queryKeys.teamSessions(teamId) });
}

/** POST /api/teams {name, description}; refreshes the teams list. */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTeamInput) => apiRequest<TeamView>("POST", "/api/teams", { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.teams, exact: true }),
  });
}
