import type { FrameHandler } from "./frameHandler";

/**
 * `ping` (core `pingFrame`): answers `pong` with the frame's `id` and the server's clock
 * (`serverNow`, milliseconds since the epoch): clients estimate their offset from the round trip
 * (issue #22 section 1). Needs no join.
 */
export const ping: FrameHandler<"ping"> = (socket, frame) => {
  socket.send({ type: "pong", ...(frame.id === undefined ? {} : { id: frame.id }), serverNow: Date.now() });
};
