import { castVote } from "../../commands/voteCaster";
import type { FrameHandler } from "./frameHandler";

/**
 * `vote_update` (core `voteUpdateFrame`, the REST vote's `castVoteSchema`): casts the caller's
 * vote with their rights read now, like POST /api/votes (castVote checks sessionPolicy
 * `participate` itself). Answers `ack {for: "vote_update", vote}` (the caller's own vote; the
 * room gets its pushes from the command).
 * @throws 401 before join_session, the command's errors (403 without the right to vote, 429, ...)
 */
export const voteUpdate: FrameHandler<"vote_update"> = async (socket, frame) => {
  const access = await socket.currentAccess();
  const result = await castVote(socket.ctx, access, frame);
  socket.send({ type: "ack", for: "vote_update", vote: result.vote });
};
