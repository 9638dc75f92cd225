import { CLOSE_REMOVED } from "@pointwise/core/realtime";
import { voterKeyOf } from "@pointwise/core/voters";
import { addUserParticipant } from "../../commands/participantJoiner";
import { permissionDenied } from "../../errors";
import { loadSessionAccess, refreshSessionAccess, sessionPolicy } from "../../policies/sessionPolicy";
import { sessionSnapshot } from "../../queries/sessionState";
import type { RoomConnection } from "../../realtime/rooms";
import type { FrameHandler } from "./frameHandler";
import { CLOSE_POLICY_VIOLATION } from "./wsSocket";

/**
 * `join_session` (core `joinSessionFrame`; spec part 2 section 4): leaves any joined room, then
 * checks membership (sessionPolicy.view) with the sign-in cookie, a Teams SSO `accessToken` or a
 * participant token (the frame's, else the upgrade URL's); ids the client sends must be its own.
 * A signed-in member without a participant row becomes a participant (participantJoiner, its
 * push held for this join's `online`: one frame, issue #10). Answers `session_snapshot`, then
 * every push of the room, in order (pushes that arrive before the snapshot wait for it).
 * @throws 401/403/404 from sessionPolicy, 403 for an id that is not the caller's; a voter over
 *   config.ws.maxSocketsPerVoter gets RATE_LIMITED and the socket is closed with 1008
 */
export const joinSession: FrameHandler<"join_session"> = async (socket, frame) => {
  const { ctx, identity } = socket;
  await socket.leave();
  identity.userMemo = frame.accessToken ? await socket.deps.teamsUserFromToken(frame.accessToken) : undefined;
  let access = await loadSessionAccess(ctx.db, identity, frame.sessionId, frame.participantToken ?? socket.queryToken);
  sessionPolicy.view(access);
  if (frame.userId && frame.userId !== access.user?.id) throw permissionDenied("userId is not yours");
  if (frame.participantId && frame.participantId !== access.participant?.id) {
    throw permissionDenied("participantId is not yours");
  }
  const user = access.user;
  if (
    user &&
    access.voterKey === voterKeyOf({ userId: user.id }) &&
    !access.participant &&
    !access.session.archivedAt
  ) {
    // Held: the `online` of this very join sends the newcomer, in one frame (issue #10).
    await addUserParticipant(ctx, access.session.id, user, "participant", "held").catch(() => undefined);
    access = await refreshSessionAccess(ctx.db, access);
  }
  if (!access.voterKey) throw permissionDenied();
  const release = socket.deps.socketsByVoter.acquire(`${access.session.id} ${access.voterKey}`);
  if (!release) {
    socket.send({ type: "error", code: "RATE_LIMITED", message: "Too many connections for this participant" });
    socket.close(CLOSE_POLICY_VIOLATION, "Too many connections for this participant");
    return;
  }
  const pending: Buffer[] = [];
  let ready = false;
  const conn: RoomConnection = {
    sessionId: access.session.id,
    voterKey: access.voterKey,
    send: (data) => {
      if (!ready) pending.push(data);
      else socket.sendFrame(data);
    },
    // Removed by the leader (issue #8 section 1): `participant_removed` first, then the close.
    evict: () => {
      for (const data of pending.splice(0)) socket.sendFrame(data);
      if (socket.room?.conn === conn) {
        socket.room.access = {
          ...socket.room.access,
          isMember: false,
          removed: true,
          voterKey: null,
          participant: null,
        };
      }
      socket.close(CLOSE_REMOVED, "You were removed from this session");
    },
  };
  socket.room = { conn, access, release };
  await ctx.hub.join(conn);
  socket.send(await sessionSnapshot(ctx, access));
  ready = true;
  for (const data of pending) socket.sendFrame(data);
};
