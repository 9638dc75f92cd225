import { updateStory } from "../../commands/storyUpdater";
import { sessionPolicy } from "../../policies/sessionPolicy";
import type { FrameHandler } from "./frameHandler";

/**
 * `story_status_change` (core `storyStatusChangeFrame`): the leader sets a story's status (and
 * final points), like PATCH /api/stories/:id. Answers `ack {for: "story_status_change"}`.
 * @throws 401 before join_session, 403 for a non-leader (sessionPolicy.lead), the command's errors
 */
export const storyStatusChange: FrameHandler<"story_status_change"> = async (socket, frame) => {
  const access = await socket.currentAccess();
  sessionPolicy.lead(access);
  await updateStory(socket.ctx, access, frame.storyId, {
    status: frame.status,
    finalPoints: frame.finalPoints ?? undefined,
  });
  socket.send({ type: "ack", for: "story_status_change" });
};
