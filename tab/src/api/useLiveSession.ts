import { CLOSE_REMOVED, type ClientMessage, type ServerMessage } from "@pointwise/core/realtime";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { applyServerMessage, INITIAL_LIVE_STATE, type LiveState, setLiveConnected } from "./liveSessionCache";
import { queryKeys } from "./queryKeys";
import { teamsBearerToken, teamsParticipantToken } from "./teamsCredentials";

const RECONNECT_DELAY_MS = 3000;
const NORMAL_CLOSURE = 1000;
/** Rejoins after a `resync` frame are spread over this many milliseconds. */
const RESYNC_SPREAD_MS = 1000;

/** Who joins: a signed-in user, or a guest with a participant id (spec part 2 section 4, "Live connection"). */
export interface LiveIdentity {
  userId: string | null;
  participantId: string | null;
  displayName: string | null;
}

function socketUrl(): string {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}/ws`;
}

/**
 * Keeps a WebSocket to /ws open for `sessionId` while `identity` is known and `enabled`:
 * sends join_session (with the Teams SSO or participant token when the tab runs in Teams), writes every push into the react-query cache, closes with the normal
 * code on leave, and reconnects 3000 ms after any other close (the new snapshot replaces state).
 * A `resync` frame (the server lost its database connection and may have missed pushes) makes
 * it send join_session again within RESYNC_SPREAD_MS, for a fresh snapshot (issue #6 part 3).
 * Returns the live state (connection, presence, `you`).
 */
export function useLiveSession(sessionId: string, identity: LiveIdentity | null, enabled: boolean): LiveState {
  const queryClient = useQueryClient();
  const userId = identity?.userId ?? null;
  const participantId = identity?.participantId ?? null;
  const displayName = identity?.displayName ?? null;
  const active = enabled && (userId !== null || participantId !== null);

  useEffect(() => {
    if (!active) return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      socket = new WebSocket(socketUrl());
      const opened = socket;
      const join = async () => {
        // Inside Teams: browsers cannot set headers on a WebSocket, so the credentials ride in the frame.
        const accessToken = (await teamsBearerToken()) ?? undefined;
        const participantToken = teamsParticipantToken() ?? undefined;
        const frame: ClientMessage = {
          type: "join_session",
          sessionId,
          userId,
          participantId,
          displayName,
          ...(accessToken ? { accessToken } : {}),
          ...(participantToken ? { participantToken } : {}),
        };
        if (opened.readyState === WebSocket.OPEN) opened.send(JSON.stringify(frame));
      };
      opened.onopen = () => {
        setLiveConnected(queryClient, sessionId, true);
        void join();
      };
      socket.onmessage = (event) => {
        try {
          const message = JSON.parse(String(event.data)) as ServerMessage;
          // The server may have missed pushes (its database connection came back): rejoin for a
          // fresh snapshot, after a random pause so a whole room does not rejoin at once.
          if (message.type === "resync") setTimeout(() => void join(), Math.random() * RESYNC_SPREAD_MS);
          applyServerMessage(queryClient, sessionId, message);
        } catch (error) {
          console.warn("Unreadable live message", error);
        }
      };
      socket.onclose = (event) => {
        setLiveConnected(queryClient, sessionId, false);
        // Removed from the session (issue #8 section 1): no reconnect; the page shows why.
        if (event.code === CLOSE_REMOVED) return;
        if (!stopped && event.code !== NORMAL_CLOSURE) timer = setTimeout(connect, RECONNECT_DELAY_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close(NORMAL_CLOSURE, "leave");
    };
  }, [active, queryClient, sessionId, userId, participantId, displayName]);

  const { data } = useQuery<LiveState>({
    queryKey: queryKeys.live(sessionId),
    queryFn: () => queryClient.getQueryData<LiveState>(queryKeys.live(sessionId)) ?? INITIAL_LIVE_STATE,
    initialData: INITIAL_LIVE_STATE,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}
