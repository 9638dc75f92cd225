import { requireUser } from "../../auth/currentUser";
import type { FrameHandler } from "./frameHandler";

/**
 * `watch_my_teams` (core `watchMyTeamsFrame`; issue #11): a signed-in user's `team_added` pushes,
 * on every instance, once per socket. Answers `ack {for: "watch_my_teams"}`.
 * @throws 401 without a user (a Teams SSO `accessToken` may name one)
 */
export const watchMyTeams: FrameHandler<"watch_my_teams"> = async (socket, frame) => {
  const { ctx, identity } = socket;
  if (frame.accessToken) identity.userMemo = await socket.deps.teamsUserFromToken(frame.accessToken);
  const user = await requireUser(ctx.db, identity);
  socket.unwatchUser ??= ctx.hub.watchUser(user.id, socket.teamWatcher);
  socket.send({ type: "ack", for: "watch_my_teams" });
};
