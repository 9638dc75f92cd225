import { MAX_WATCHED_TEAMS } from "@pointwise/core/realtime";
import { requireUser } from "../../auth/currentUser";
import { rateLimited } from "../../errors";
import { loadTeamAccess, teamPolicy } from "../../policies/teamPolicy";
import type { FrameHandler } from "./frameHandler";

/**
 * `watch_team` (core `watchTeamFrame`; issue #11): the team's pushes reach this socket, each
 * checked against the caller's membership (WsSocket.teamWatcher). Members only (teamPolicy.view),
 * an open team's outsiders too (issue #22: they read the team, they do not follow it live).
 * Answers `ack {for: "watch_team", teamId}`.
 * @throws 401 without a user (a Teams SSO `accessToken` may name one), 403/404 from teamPolicy,
 *   429 RATE_LIMITED beyond MAX_WATCHED_TEAMS teams per socket
 */
export const watchTeam: FrameHandler<"watch_team"> = async (socket, frame) => {
  const { ctx, identity } = socket;
  if (frame.accessToken) identity.userMemo = await socket.deps.teamsUserFromToken(frame.accessToken);
  const user = await requireUser(ctx.db, identity);
  const team = teamPolicy.view(await loadTeamAccess(ctx.db, user, frame.teamId));
  if (!socket.watchedTeams.has(team.id)) {
    if (socket.watchedTeams.size >= MAX_WATCHED_TEAMS) throw rateLimited();
    socket.watchedTeams.set(team.id, { user, unwatch: ctx.hub.watchTeam(team.id, socket.teamWatcher) });
  }
  socket.send({ type: "ack", for: "watch_team", teamId: team.id });
};
