import { useSearchParams } from "react-router";
import { useMeetingSession } from "../../api/meetingQueries";
import { conversationIdOf, type TeamsHost } from "../../teamsHost/teamsHost";

/** The session a meeting view shows, and how the lookup stands. */
export interface MeetingSessionId {
  sessionId: string | null;
  conversationId: string | null;
  loading: boolean;
}

/**
 * The session of a meeting view: `?sessionId=` when the tab's URL names it, else the one bound
 * to the meeting's chat (GET /api/meetings/{conversationId}/session, re-checked every 10 s
 * while none is bound so waiting attendees see it start).
 */
export function useMeetingSessionId(host: TeamsHost | null): MeetingSessionId {
  const [params] = useSearchParams();
  const fromUrl = params.get("sessionId");
  const conversationId = host ? conversationIdOf(host.context) : null;
  const lookup = useMeetingSession(fromUrl ? null : conversationId);
  if (fromUrl) return { sessionId: fromUrl, conversationId, loading: false };
  return { sessionId: lookup.data?.sessionId ?? null, conversationId, loading: lookup.isLoading };
}
