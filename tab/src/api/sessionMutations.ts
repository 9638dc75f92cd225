import type { JoinAnonymousResult, ParticipantView, SessionView } from "@pointwise/core/presented";
import type { CreateSessionInput, InviteResult, UpdateSessionInput } from "@pointwise/core/sessionSchemas";
import type { ChoosableRole } from "@pointwise/core/voters";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "./ApiError";
import { apiRequest } from "./apiRequest";
import { queryKeys } from "./queryKeys";

/** POST /api/sessions; refreshes the session lists and the team's sessions (spec part 1 section 4). */
export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSessionInput) => apiRequest<SessionView>("POST", "/api/sessions", { body: input }),
    onSuccess: async (session) => {
      queryClient.setQueryData(queryKeys.session(session.id), session);
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions, exact: true });
      await queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
      if (session.teamId) await queryClient.invalidateQueries({ queryKey: queryKeys.teamSessions(session.teamId) });
    },
    // A refusal by plan means the status the entry points read was stale: read it again (issue #22).
    onError: (error) => {
      if (isApiError(error, "SUBSCRIPTION_LIMIT_REACHED") || isApiError(error, "SUBSCRIPTION_INACTIVE")) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
      }
    },
  });
}

/** PATCH /api/sessions/{id} (Edit Session). */
export function useUpdateSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSessionInput) => apiRequest<SessionView>("PATCH", `/api/sessions/${id}`, { body: input }),
    onSuccess: async (session) => {
      queryClient.setQueryData(queryKeys.session(id), session);
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions, exact: true });
    },
  });
}

function refreshLists(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sessions, exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.archivedSessions }),
    queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
  ]);
}

/** DELETE /api/sessions/{id}. */
export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>("DELETE", `/api/sessions/${id}`),
    onSuccess: () => refreshLists(queryClient),
  });
}

/** PATCH /api/sessions/{id}/archive or /unarchive. */
export function useArchiveSession(action: "archive" | "unarchive") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<SessionView>("PATCH", `/api/sessions/${id}/${action}`),
    onSuccess: () => refreshLists(queryClient),
  });
}

/** POST /api/sessions/{id}/join: a signed-in visitor with the link becomes a participant. */
export function useJoinSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    /** `role` observer: "Join as observer" (issue #8 section 1). */
    mutationFn: (role?: ChoosableRole) =>
      apiRequest<ParticipantView>("POST", `/api/sessions/${id}/join`, role ? { body: { role } } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session(id) }),
  });
}

/** POST /api/sessions/{id}/join-anonymous {displayName}: a guest joins with a name only. */
export function useJoinAnonymous(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    /** A name, or a name and a role (observer: "Join as observer", issue #8 section 1). */
    mutationFn: (input: string | { displayName: string; role?: ChoosableRole }) =>
      apiRequest<JoinAnonymousResult>("POST", `/api/sessions/${id}/join-anonymous`, {
        body: typeof input === "string" ? { displayName: input } : input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session(id) }),
  });
}

/**
 * POST /api/sessions/{id}/participants {email}: invites an address; 202 {status: "invited"}
 * whether or not it has an account (issue #7). Refreshes the leader's pending invitations.
 */
export function useInviteByEmail(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<InviteResult>("POST", `/api/sessions/${id}/participants`, { body: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations(id) }),
  });
}

/** POST /api/sessions/{id}/active-story {storyId} (leader): moves the whole group to a story. */
export function useSetActiveStory(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string) =>
      apiRequest<SessionView>("POST", `/api/sessions/${id}/active-story`, { body: { storyId } }),
    onSuccess: (session) => queryClient.setQueryData(queryKeys.session(id), session),
  });
}
