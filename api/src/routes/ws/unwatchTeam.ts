import type { FrameHandler } from "./frameHandler";

/** `unwatch_team` (core `unwatchTeamFrame`; issue #11): stops the team's pushes to this socket (no answer). */
export const unwatchTeam: FrameHandler<"unwatch_team"> = (socket, frame) => socket.unwatchTeam(frame.teamId);
