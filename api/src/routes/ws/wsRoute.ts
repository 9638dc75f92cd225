import { clientMessageSchema, type ParsedClientMessage } from "@pointwise/core/realtime";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { IdentitySource } from "../../auth/currentUser";
import { PARTICIPANT_HEADER } from "../../auth/participantTokens";
import type { AppContext } from "../../context";
import { validationError } from "../../errors";
import { FrameQueue } from "../../realtime/frameQueue";
import { FrameRateLimiter } from "../../realtime/frameRateLimit";
import { startPresencePushes } from "../../realtime/presencePushes";
import { SocketCounter } from "../../realtime/socketCounter";
import { startSocketKeepalive } from "../../realtime/socketKeepalive";
import type { ClientFrameType, FrameHandler } from "./frameHandler";
import { frameHandlers } from "./frameHandlers";
import { CLOSE_POLICY_VIOLATION, WsSocket } from "./wsSocket";

/** Frames a socket may have waiting or in progress (issue #7): beyond, they are dropped as excess. */
const MAX_QUEUED_FRAMES = 100;

/**
 * A client frame validated against core/realtime's `clientMessageSchema`.
 * @throws 400 VALIDATION_ERROR (field messages by path) for non-JSON or an unknown or malformed frame.
 */
function parseFrame(raw: string): ParsedClientMessage {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw validationError({ _frame: ["Frames must be JSON"] }, "Frames must be JSON");
  }
  const parsed = clientMessageSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join(".") || "_frame";
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw validationError(errors);
}

/**
 * WebSocket `/ws` (DESIGN.md "Contracts", spec part 2 section 4), a route like the REST ones:
 * each frame is validated (core/realtime) and handed to the handler of its type (frameHandlers:
 * one file per frame type, each authorizing, calling one command or query and presenting).
 * This file owns the socket's life: who the caller is (the upgrade request's cookie, bearer
 * token and participant token), the keepalive, the flood limits, the frame queue and the
 * clean-up at close. The joining client gets `session_snapshot`, then every push of its
 * session's room. Rights are re-read at every vote, story or reaction frame (one query), so a
 * participant removed or a leader changed mid-session loses or gains rights at the next frame.
 *
 * Flood limits (issue #7, "WebSocket flood"; `config.ws`): at most `maxSocketsPerIp` open
 * sockets per client address (more are closed with 1008 at once) and `maxSocketsPerVoter`
 * joined as one participant of a session (the newcomer gets a RATE_LIMITED error frame and
 * 1008; the sockets already there keep working); frames pass a token bucket
 * (frameRateLimit: excess dropped, one RATE_LIMITED error frame, 1008 for a persistent
 * offender) into a bounded queue, and work queued for a socket that has closed is dropped.
 * Origin checks run before the upgrade (realtime/socketOrigin, registered by app.ts).
 */
export const realtimeRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const keepalive = startSocketKeepalive(app);
  const limits = ctx.config.ws;
  const socketsByIp = new SocketCounter(limits.maxSocketsPerIp);
  const deps = {
    ctx,
    log: app.log,
    teamsUserFromToken: (token: string) => app.teamsUserFromToken(token),
    socketsByVoter: new SocketCounter(limits.maxSocketsPerVoter),
  };
  startPresencePushes(ctx, app.log);

  app.get("/ws", { websocket: true }, (ws: WebSocket, request: FastifyRequest) => {
    const releaseIp = socketsByIp.acquire(request.ip);
    if (!releaseIp) {
      ws.close(CLOSE_POLICY_VIOLATION, "Too many connections from this address");
      return;
    }
    // Keep only what identifies the caller: holding the upgrade request for the life of the
    // socket would keep its reply, session, logger and headers alive (bench/capacity). A Teams
    // SSO user from `join_session.accessToken` is memoised here, for every load of this join.
    const identity: IdentitySource = {
      headers: {
        authorization: request.headers.authorization,
        [PARTICIPANT_HEADER]: request.headers[PARTICIPANT_HEADER],
      },
      cookies: { ...request.cookies },
      session: { userId: request.session?.userId },
      userMemo: undefined,
    };
    const queryToken = (request.query as { participantToken?: string } | undefined)?.participantToken;
    keepalive.track(ws);
    const socket = new WsSocket(deps, ws, identity, queryToken);
    const frames = new FrameQueue(MAX_QUEUED_FRAMES);
    const limiter = new FrameRateLimiter(limits);

    const handle = async (raw: string) => {
      if (!socket.open) return; // closed while the frame waited: nobody to answer
      const frame = parseFrame(raw);
      // The table pairs each type with its handler; TypeScript cannot correlate the two here.
      const handler = frameHandlers[frame.type] as FrameHandler<ClientFrameType>;
      await handler(socket, frame);
    };

    ws.on("message", (data) => {
      if (!socket.open) return;
      let verdict = limiter.take();
      if (verdict === "accept") {
        const raw = data.toString();
        if (!frames.push(() => handle(raw).catch((err: unknown) => socket.sendError(err)))) verdict = limiter.drop();
      }
      if (verdict === "firstDrop") {
        socket.send({
          type: "error",
          code: "RATE_LIMITED",
          message: "Too many messages: slow down; extra ones are dropped",
        });
      } else if (verdict === "disconnect") {
        ws.close(CLOSE_POLICY_VIOLATION, "Too many messages");
      }
    });
    ws.on("close", () => {
      releaseIp();
      socket.stopWatching();
      frames.close(() => socket.leave().catch(() => undefined));
    });
  });
};
