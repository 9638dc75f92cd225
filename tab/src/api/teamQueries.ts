import type {
  SessionView,
  TeamAuditEntryView,
  TeamDeletionResult,
  TeamInvitationAcceptance,
  TeamInvitationView,
  TeamInviteResult,
  TeamMemberView,
  TeamView,
} from "@pointwise/core/presented";
import type { AssignableTeamRole, CreateTeamInput, TeamSettingsInput } from "@pointwise/core/teamSchemas";
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

/** GET /api/teams/{id}: 403 TEAM_ACCESS_DENIED or 404 for non-members (not retried). */
export function useTeam(teamId: string) {
  return useQuery<TeamView>({ queryKey: queryKeys.team(teamId), retry: false });
}

/** GET /api/teams/{id}/invitations; enabled only for the owner and admins (`enabled`). */
export function useTeamInvitations(teamId: string, enabled: boolean) {
  return useQuery<TeamInvitationView[]>({ queryKey: queryKeys.teamInvitations(teamId), enabled });
}

/** Refreshes everything shown on a team's pages after a change. */
function useTeamRefresh(teamId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.teams, exact: true }),
    ]);
}

/** PATCH /api/teams/{id} {name} or {description} (owner only). */
export function useUpdateTeam(teamId: string) {
  const refresh = useTeamRefresh(teamId);
  return useMutation({
    mutationFn: (input: { name?: string; description?: string }) =>
      apiRequest<TeamView>("PATCH", `/api/teams/${teamId}`, { body: input }),
    onSuccess: refresh,
  });
}

/**
 * PATCH /api/teams/{id} {settings} (issue #22; owner or admin): any subset of the team's
 * privacy and compliance settings. The answer (the team) goes straight into the cache.
 */
export function useUpdateTeamSettings(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TeamSettingsInput) =>
      apiRequest<TeamView>("PATCH", `/api/teams/${teamId}`, { body: { settings } }),
    onSuccess: (team) => {
      queryClient.setQueryData(queryKeys.team(teamId), team);
      return queryClient.invalidateQueries({ queryKey: queryKeys.teams, exact: true });
    },
  });
}

/** GET /api/teams/{id}/audit, newest first (issue #22): enabled for the owner and admins while the log is on. */
export function useTeamAudit(teamId: string, enabled: boolean) {
  return useQuery<TeamAuditEntryView[]>({ queryKey: queryKeys.teamAudit(teamId), enabled, staleTime: 0 });
}

/**
 * DELETE /api/teams/{id} (issue #22; the owner): the team's entries are marked stale without a
 * refetch (the page still showing them is about to leave; visited again, they are read anew and
 * answer the not-found view), and the teams and sessions lists are refetched (its sessions stay,
 * outside any team).
 */
export function useDeleteTeam(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TeamDeletionResult>("DELETE", `/api/teams/${teamId}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId), refetchType: "none" });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.teams, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions, exact: true }),
      ]);
    },
  });
}

/** POST /api/teams/{id}/invite {email, role}: `added` or `invited` with the link (issue #11 section 1). */
export function useInviteTeamMember(teamId: string) {
  const refresh = useTeamRefresh(teamId);
  return useMutation({
    mutationFn: (input: { email: string; role: AssignableTeamRole }) =>
      apiRequest<TeamInviteResult>("POST", `/api/teams/${teamId}/invite`, { body: input }),
    onSuccess: refresh,
  });
}

/** PATCH /api/teams/{id}/members/{userId} {role}. */
export function useSetTeamMemberRole(teamId: string) {
  const refresh = useTeamRefresh(teamId);
  return useMutation({
    mutationFn: (input: { userId: string; role: AssignableTeamRole }) =>
      apiRequest<TeamMemberView>("PATCH", `/api/teams/${teamId}/members/${input.userId}`, {
        body: { role: input.role },
      }),
    onSuccess: refresh,
  });
}

/** DELETE /api/teams/{id}/members/{userId}. */
export function useRemoveTeamMember(teamId: string) {
  const refresh = useTeamRefresh(teamId);
  return useMutation({
    mutationFn: (userId: string) => apiRequest("DELETE", `/api/teams/${teamId}/members/${userId}`),
    onSuccess: refresh,
  });
}

/** DELETE /api/teams/{id}/invitations/{invitationId}. */
export function useCancelTeamInvitation(teamId: string) {
  const refresh = useTeamRefresh(teamId);
  return useMutation({
    mutationFn: (invitationId: string) => apiRequest("DELETE", `/api/teams/${teamId}/invitations/${invitationId}`),
    onSuccess: refresh,
  });
}

/** POST /api/team-invitations/{token}/accept: joins the signed-in user (the /invite/{token} page). */
export function useAcceptTeamInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<TeamInvitationAcceptance>("POST", `/api/team-invitations/${encodeURIComponent(token)}/accept`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.teams }),
  });
}
