import { meetingGuestName } from "@pointwise/core/displayNames";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { isApiError } from "../../api/ApiError";
import { queryKeys } from "../../api/queryKeys";
import { useJoinAnonymous, useJoinSession } from "../../api/sessionMutations";
import { useSession } from "../../api/sessionQueries";
import { setTeamsParticipantToken } from "../../api/teamsCredentials";
import { readAnonymousParticipant, saveAnonymousParticipant } from "../../storage/anonymousParticipant";
import type { TeamsHost } from "../../teamsHost/teamsHost";

/** Where joining stands: `ready` once the caller may read and vote in the session. */
export interface MeetingMembership {
  status: "joining" | "ready" | "failed";
  error: unknown;
}

/**
 * Makes the person in the Teams meeting a member of `sessionId`: an SSO user who gets 403
 * joins with POST /api/sessions/{id}/join; a guest (no SSO) joins anonymously with the Teams
 * display name (core meetingGuestName) and keeps the participant token in memory and local storage,
 * since the iframe may not keep cookies (issue #3 section 1).
 */
export function useMeetingMembership(sessionId: string, host: TeamsHost): MeetingMembership {
  const session = useSession(sessionId);
  const join = useJoinSession(sessionId);
  const joinAnonymous = useJoinAnonymous(sessionId);
  const queryClient = useQueryClient();
  const asked = useRef(false);
  const [guestReady, setGuestReady] = useState(() => {
    const stored = readAnonymousParticipant(sessionId);
    if (!stored?.participantToken) return false;
    setTeamsParticipantToken(stored.participantToken);
    return true;
  });

  const denied = isApiError(session.error) && (session.error.status === 401 || session.error.status === 403);

  useEffect(() => {
    if (asked.current) return;
    if (host.signedIn && denied) {
      asked.current = true;
      join.mutate();
    } else if (!host.signedIn && !guestReady) {
      asked.current = true;
      joinAnonymous.mutate(meetingGuestName(host.context.user?.displayName), {
        onSuccess: (result) => {
          saveAnonymousParticipant({
            participantId: result.participant.id,
            displayName: result.participant.displayName,
            sessionId,
            participantToken: result.participantToken,
          });
          setTeamsParticipantToken(result.participantToken);
          // The mutation's own refetch of the session may have run before the token was set
          // (the iframe may send no cookie): read it again now that the token is known.
          void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
          setGuestReady(true);
        },
      });
    }
  }, [host, denied, guestReady, join, joinAnonymous, sessionId, queryClient]);

  if (join.isError || joinAnonymous.isError) return { status: "failed", error: join.error ?? joinAnonymous.error };
  if (!host.signedIn && !guestReady) return { status: "joining", error: null };
  if (session.isSuccess) return { status: "ready", error: null };
  if (session.isError && !denied) return { status: "failed", error: session.error };
  return { status: "joining", error: null };
}
