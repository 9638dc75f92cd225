import type { ClientFrameType, FrameHandler } from "./frameHandler";
import { joinSession } from "./joinSession";
import { leaveSession } from "./leaveSession";
import { ping } from "./ping";
import { reaction } from "./reaction";
import { storyStatusChange } from "./storyStatusChange";
import { unwatchTeam } from "./unwatchTeam";
import { voteUpdate } from "./voteUpdate";
import { watchMyTeams } from "./watchMyTeams";
import { watchTeam } from "./watchTeam";

/**
 * The handler of each client frame type (core/realtime `clientMessageSchema`), one file each, as
 * REST routes are one per resource: a frame type added to core without a handler fails the
 * typecheck here.
 */
export const frameHandlers: { [T in ClientFrameType]: FrameHandler<T> } = {
  ping,
  join_session: joinSession,
  leave_session: leaveSession,
  watch_team: watchTeam,
  unwatch_team: unwatchTeam,
  watch_my_teams: watchMyTeams,
  vote_update: voteUpdate,
  story_status_change: storyStatusChange,
  reaction,
};
