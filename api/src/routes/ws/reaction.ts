import { sessionPolicy } from "../../policies/sessionPolicy";
import { sendReaction } from "../../realtime/reactions";
import type { FrameHandler } from "./frameHandler";

/**
 * `reaction` (core `reactionFrame`; issue #8 section 6): one emoji to the whole room, never
 * stored; any member may react (sessionPolicy.view). Rate-limited per socket: excess is dropped,
 * the first drop of a burst answered RATE_LIMITED. No answer otherwise.
 * @throws 401 before join_session, 403 for one who is no longer a member
 */
export const reaction: FrameHandler<"reaction"> = async (socket, frame) => {
  const verdict = socket.reactions.take();
  if (verdict === "firstDrop") {
    return socket.send({ type: "error", code: "RATE_LIMITED", message: "Too many reactions: one per second" });
  }
  if (verdict === "drop") return;
  const access = await socket.currentAccess();
  sessionPolicy.view(access);
  await sendReaction(socket.ctx, access, frame.emoji);
};
