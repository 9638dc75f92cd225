import type { SessionView } from "@pointwise/core/presented";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "./ApiError";
import { apiRequest } from "./apiRequest";
import { queryKeys } from "./queryKeys";

/**
 * GET /api/meetings/{conversationId}/session: the session bound to a Teams meeting chat or
 * channel, or null when none is bound yet (404). `conversationId` is `context.chat.id` or
 * `context.channel.id`; null disables the query.
 */
export function useMeetingSession(conversationId: string | null) {
  return useQuery<{ sessionId: string } | null>({
    queryKey: queryKeys.meetingSession(conversationId ?? ""),
    enabled: conversationId !== null,
    refetchInterval: (query) => (query.state.data === null ? 10_000 : false),
    queryFn: async () => {
      try {
        return await apiRequest<{ sessionId: string }>(
          "GET",
          `/api/meetings/${encodeURIComponent(conversationId ?? "")}/session`,
        );
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** What to bind: a new session with this title, or an existing session the caller leads. */
export type MeetingBinding = { title: string } | { sessionId: string };

/**
 * PUT /api/meetings/{conversationId}/session {title} or {sessionId} (signed-in; 403 when the
 * caller does not lead the session): binds the conversation and returns the session.
 */
export function useBindMeetingSession(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (binding: MeetingBinding) =>
      apiRequest<SessionView>("PUT", `/api/meetings/${encodeURIComponent(conversationId)}/session`, {
        body: binding,
      }),
    onSuccess: async (session) => {
      queryClient.setQueryData(queryKeys.session(session.id), session);
      queryClient.setQueryData(queryKeys.meetingSession(conversationId), { sessionId: session.id });
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions, exact: true });
    },
  });
}
