import type { FrameHandler } from "./frameHandler";

/** `leave_session`: leaves the joined session's room (no answer; nothing when none was joined). */
export const leaveSession: FrameHandler<"leave_session"> = (socket) => socket.leave();
