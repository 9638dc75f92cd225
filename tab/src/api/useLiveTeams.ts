import type { ServerMessage } from "@pointwise/core/realtime";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type LiveSocket, openLiveSocket } from "./liveSocket";
import { queryKeys } from "./queryKeys";
import { teamsBearerToken } from "./teamsCredentials";

function socketUrl(): string {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}/ws`;
}

/**
 * Applies a team push to the react-query cache (issue #11): `team_added` (the viewer joined a
 * team) refetches the teams list and the sessions list, so the new team and its sessions show;
 * `team_updated` refetches the team,
 * its members, invitations and sessions, the teams list and the sessions list; `team_access_revoked`
 * (the viewer was removed) resets the team so its page shows the not-found view, drops its other
 * entries and refetches the lists (the dashboard and sidebar lose the team and its sessions).
 * Other frames are ignored.
 */
export function applyTeamMessage(queryClient: QueryClient, message: ServerMessage): void {
  if (message.type === "team_added") {
    void queryClient.invalidateQueries({ queryKey: queryKeys.teams, exact: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.sessions, exact: true });
    return;
  }
  if (message.type !== "team_updated" && message.type !== "team_access_revoked") return;
  const { teamId } = message;
  if (message.type === "team_updated") {
    void queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId) });
  } else {
    for (const key of [queryKeys.teamMembers, queryKeys.teamInvitations, queryKeys.teamSessions]) {
      queryClient.removeQueries({ queryKey: key(teamId) });
    }
    void queryClient.resetQueries({ queryKey: queryKeys.team(teamId), exact: true });
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.teams, exact: true });
  void queryClient.invalidateQueries({ queryKey: queryKeys.sessions, exact: true });
}

/**
 * Keeps a WebSocket to /ws open while `enabled`, watching each of `teamIds` (`watch_team`, sent
 * again on every reconnect, which refetches them as pushes may have been missed; liveSocket
 * handles heartbeat and backoff), and applies the team pushes to the cache (applyTeamMessage).
 * Used by the team pages and the dashboard so a role change, a removal, new members or an edit
 * show without reload. With `watchMine` (the dashboard) the socket is open even without teams and
 * also sends `watch_my_teams`: a team the user is added to shows, with its sessions, at once
 * (the teams list refetched, the new team is then watched too).
 */
export function useLiveTeams(teamIds: readonly string[], enabled: boolean, watchMine = false): void {
  const queryClient = useQueryClient();
  const key = [...new Set(teamIds)].sort().join(",");

  useEffect(() => {
    if (!enabled || (key === "" && !watchMine)) return;
    const ids = key === "" ? [] : key.split(",");
    // After a reconnect or a `resync`, pushes may have been missed: refetch the watched teams
    // (and, watching the user's own pushes, the teams and sessions lists).
    const refetch = () => {
      for (const teamId of ids) void queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId) });
      if (watchMine) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.teams, exact: true });
        void queryClient.invalidateQueries({ queryKey: queryKeys.sessions, exact: true });
      }
    };
    let reconnecting = false;
    const live: LiveSocket = openLiveSocket(socketUrl, {
      onOpen: async (send) => {
        // Inside Teams: browsers cannot set headers on a WebSocket, so the token rides in the frame.
        const accessToken = (await teamsBearerToken()) ?? undefined;
        if (reconnecting) refetch();
        reconnecting = true;
        const token = accessToken ? { accessToken } : {};
        if (watchMine) send({ type: "watch_my_teams", ...token });
        for (const teamId of ids) send({ type: "watch_team", teamId, ...token });
      },
      onMessage: (message) => {
        if (message.type === "resync") refetch();
        applyTeamMessage(queryClient, message);
      },
      onDrop: () => undefined,
    });
    return () => live.stop();
  }, [enabled, key, watchMine, queryClient]);
}
