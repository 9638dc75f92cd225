import type { ParsedClientMessage } from "@pointwise/core/realtime";
import type { WsSocket } from "./wsSocket";

/** The `type` of a client frame (core/realtime `clientMessageSchema`). */
export type ClientFrameType = ParsedClientMessage["type"];

/** A client frame of one type, already validated against core/realtime's `clientMessageSchema`. */
export type ClientFrame<T extends ClientFrameType> = Extract<ParsedClientMessage, { type: T }>;

/**
 * The handler of one client frame type, shaped like a REST route: the frame arrives parsed
 * (wsRoute validated it with the core zod schema), the handler authorizes (a policy), calls one
 * command or query, and presents the answer on `socket`. A thrown error is answered as an
 * `error` frame (WsSocket.sendError).
 */
export type FrameHandler<T extends ClientFrameType> = (socket: WsSocket, frame: ClientFrame<T>) => Promise<void> | void;
