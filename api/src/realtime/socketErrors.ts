import type { FastifyRequest } from "fastify";
import type { WebSocket } from "ws";

/**
 * @fastify/websocket's `errorHandler` for errors on an open socket. A client that breaks the
 * protocol (`ws` codes `WS_ERR_*`: a frame over `maxPayload`, which `ws` has already answered
 * with close 1009, invalid UTF-8, a bad opcode) is the client's doing: one warn line with the
 * code and reason, no stack (issue #7; a flood of those must not fill the log with stacks).
 * Anything else is logged as an error with its stack and the socket terminated, as the
 * plugin's default does.
 */
export function handleSocketError(error: Error, socket: WebSocket, request: FastifyRequest): void {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && code.startsWith("WS_ERR_")) {
    request.log.warn(
      { code, reason: error.message, ip: request.ip },
      "websocket closed: the client broke the protocol",
    );
    // `ws` is already closing with the code (1009...): terminating now could cut its close
    // frame off (the client then sees 1006); `ws` ends the socket itself (30 s at most).
    return;
  }
  request.log.error({ err: error }, "websocket failed");
  socket.terminate();
}
