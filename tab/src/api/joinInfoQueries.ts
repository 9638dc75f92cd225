import type { JoinInfo } from "@pointwise/core/joinInfo";
import { useQuery } from "@tanstack/react-query";

/**
 * GET /api/sessions/{id}/join-info: a session's title and whether its join link works, for
 * anyone (issue #8 section 6). 404 NOT_FOUND "Invalid session" for unknown or deleted ids.
 */
export function useJoinInfo(sessionId: string) {
  return useQuery<JoinInfo>({ queryKey: ["/api/sessions", sessionId, "join-info"], staleTime: 30_000 });
}
