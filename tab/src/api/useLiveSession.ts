import type { ClientMessage } from "@pointwise/core/realtime";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import {
  applyServerMessage,
  INITIAL_LIVE_STATE,
  type LiveState,
  readLive,
  setLiveConnection,
} from "./liveSessionCache";
import { type LiveSocket, openLiveSocket } from "./liveSocket";
import { queryKeys } from "./queryKeys";
import { teamsBearerToken, teamsParticipantToken } from "./teamsCredentials";

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

/** The open live socket of each session this tab shows, for frames the screen sends (reactions). */
const liveSockets = new Map<string, LiveSocket>();

/**
 * Sends a frame on the session's live socket (e.g. a `reaction`, issue #8 section 6).
 * @returns false when no socket is open (the frame is dropped)
 */
export function sendLiveFrame(sessionId: string, frame: ClientMessage): boolean {
  return liveSockets.get(sessionId)?.send(frame) ?? false;
}

/**
 * Keeps a WebSocket to /ws open for `sessionId` while `identity` is known and `enabled`
 * (liveSocket: heartbeat, reconnect with backoff and jitter; issue #8 section 5): sends
 * join_session on every open (with the Teams SSO or participant token when the tab runs in
 * Teams), writes every push into the react-query cache, marks the state `reconnecting` as soon
 * as a drop is noticed (the next snapshot sets `online` and replaces state), and closes with
 * the normal code on leave. A `resync` frame (the server lost its database connection and may
 * have missed pushes) makes it send join_session again within RESYNC_SPREAD_MS, for a fresh
 * snapshot (issue #6 part 3). Stops for good once the session is deleted.
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
    const join = async (send: (frame: ClientMessage) => void) => {
      // Inside Teams: browsers cannot set headers on a WebSocket, so the credentials ride in the frame.
      const accessToken = (await teamsBearerToken()) ?? undefined;
      const participantToken = teamsParticipantToken() ?? undefined;
      send({
        type: "join_session",
        sessionId,
        userId,
        participantId,
        displayName,
        ...(accessToken ? { accessToken } : {}),
        ...(participantToken ? { participantToken } : {}),
      });
    };
    setLiveConnection(queryClient, sessionId, "connecting");
    const live: LiveSocket = openLiveSocket(socketUrl, {
      onOpen: join,
      onMessage: (message) => {
        const you = readLive(queryClient, sessionId).you;
        // The server may have missed pushes (its database connection came back): rejoin for a
        // fresh snapshot, after a random pause so a whole room does not rejoin at once.
        if (message.type === "resync") {
          setTimeout(() => void join((frame) => live.send(frame)), Math.random() * RESYNC_SPREAD_MS);
        }
        applyServerMessage(queryClient, sessionId, message);
        const removed = message.type === "participant_removed" && message.voterKey === you?.voterKey;
        if (
          removed ||
          message.type === "session_deleted" ||
          (message.type === "error" && (message.code === "NOT_FOUND" || message.code === "PARTICIPANT_REMOVED"))
        ) {
          live.stop();
        }
      },
      onDrop: () => setLiveConnection(queryClient, sessionId, "reconnecting"),
    });
    liveSockets.set(sessionId, live);
    return () => {
      live.stop();
      if (liveSockets.get(sessionId) === live) liveSockets.delete(sessionId);
    };
  }, [active, queryClient, sessionId, userId, participantId, displayName]);

  return useLiveState(sessionId);
}

/** The cached live state of a session (read-only: no socket is opened; useLiveSession keeps it). */
export function useLiveState(sessionId: string): LiveState {
  const queryClient = useQueryClient();
  const { data } = useQuery<LiveState>({
    queryKey: queryKeys.live(sessionId),
    queryFn: () => queryClient.getQueryData<LiveState>(queryKeys.live(sessionId)) ?? INITIAL_LIVE_STATE,
    initialData: INITIAL_LIVE_STATE,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { ...INITIAL_LIVE_STATE, ...data };
}
