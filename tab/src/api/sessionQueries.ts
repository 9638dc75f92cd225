import type {
  ParticipantView,
  SessionInvitationView,
  SessionView,
  StoryView,
  VoteView,
} from "@pointwise/core/presented";
import { SNAPSHOT_PARTICIPANT_WINDOW } from "@pointwise/core/realtime";
import { PARTICIPANT_PAGE_MAX } from "@pointwise/core/sessionSchemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";
import { upsertParticipants } from "./liveSessionCache";
import { queryKeys } from "./queryKeys";

/**
 * How often (ms) the session list is read again while the page is visible: a session's status
 * (live when its leader is connected) changes without any push to people outside it, so every
 * viewer's sidebar converges within this time (issue #8 section 5). Inside a session, pushes
 * keep it current at once (liveSessionCache syncSessionStatus).
 */
export const SESSION_LIST_REFRESH_MS = 30_000;

/** GET /api/sessions: the caller's active sessions (dashboard and sidebar), refreshed every SESSION_LIST_REFRESH_MS. */
export function useSessions(enabled = true) {
  return useQuery<SessionView[]>({
    queryKey: queryKeys.sessions,
    enabled,
    refetchInterval: SESSION_LIST_REFRESH_MS,
    refetchOnWindowFocus: "always",
  });
}

/** GET /api/sessions/archived: the caller's archived sessions. */
export function useArchivedSessions(enabled = true) {
  return useQuery<SessionView[]>({ queryKey: queryKeys.archivedSessions, enabled });
}

/** GET /api/sessions/{id}: one session (403 PERMISSION_DENIED for non-members, 404 NOT_FOUND). */
export function useSession(id: string) {
  return useQuery<SessionView>({ queryKey: queryKeys.session(id) });
}

/** GET /api/sessions/{id}/stories: the session's stories ordered by position. */
export function useStories(sessionId: string, enabled = true) {
  return useQuery<StoryView[]>({ queryKey: queryKeys.stories(sessionId), enabled });
}

/** GET /api/sessions/{id}/votes: all votes of the session, points hidden until reveal. */
export function useSessionVotes(sessionId: string, enabled = true) {
  return useQuery<VoteView[]>({ queryKey: queryKeys.votes(sessionId), enabled });
}

/** GET /api/sessions/{id}/invitations: pending invitations by e-mail (the leader only; issue #7). */
export function useSessionInvitations(sessionId: string, enabled = true) {
  return useQuery<SessionInvitationView[]>({ queryKey: queryKeys.invitations(sessionId), enabled });
}

/**
 * GET /api/sessions/{id}/participants?limit=SNAPSHOT_PARTICIPANT_WINDOW: the room's first people
 * in join order, until the live snapshot brings the ones this screen shows (issue #24 section 3:
 * a big room's screen holds only these; useLoadAllParticipants reads the rest on demand).
 */
export function useParticipants(sessionId: string, enabled = true) {
  return useQuery<ParticipantView[]>({
    queryKey: queryKeys.participants(sessionId),
    enabled,
    queryFn: () =>
      apiRequest<ParticipantView[]>(
        "GET",
        `/api/sessions/${sessionId}/participants?offset=0&limit=${SNAPSHOT_PARTICIPANT_WINDOW}`,
      ),
  });
}

/**
 * "Show everyone" in a big room (issue #24 section 3): reads the session's participants page by
 * page (PARTICIPANT_PAGE_MAX each, join order) and adds them to the cached ones. Their presence is
 * as of the read: pushes of a big room carry only its first people's.
 */
export function useLoadAllParticipants(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      for (let offset = 0; ; offset += PARTICIPANT_PAGE_MAX) {
        const page = await apiRequest<ParticipantView[]>(
          "GET",
          `/api/sessions/${sessionId}/participants?offset=${offset}&limit=${PARTICIPANT_PAGE_MAX}`,
        );
        upsertParticipants(queryClient, sessionId, page);
        if (page.length < PARTICIPANT_PAGE_MAX) return;
      }
    },
  });
}
