/**
 * A measuring WebSocket client of `/ws` (core/src/realtime.ts): takes the receive timestamp
 * first thing on every frame, counts payload bytes and frames, and joins a session with the
 * sign-in cookie or a participant token.
 */
import { performance } from "node:perf_hooks";
import type { ServerMessage } from "@pointwise/core/realtime";
import WebSocket from "ws";

/** Called for every frame received: parsed message, receive time (performance.now()), payload bytes. */
export type FrameListener = (msg: ServerMessage, at: number, bytes: number) => void;

/** One benchmark client connection. */
export class BenchSocket {
  readonly ws: WebSocket;
  /** Payload bytes received so far. */
  bytes = 0;
  /** Frames received so far. */
  frames = 0;
  /** The voterKey the server gave this client in its snapshot. */
  voterKey = "";
  /** Payload bytes of the last `session_snapshot` that `join` waited for. */
  snapshotBytes = 0;
  /** Set once the socket closed; with the close code. */
  closedWith: number | null = null;
  /** Per-frame hook, replaceable at any time. */
  listener: FrameListener | undefined;
  private readonly opened: Promise<void>;

  /**
   * Opens a connection to `url` (no compression, as the server negotiates none).
   * @param cookie `Cookie` header for the upgrade (signed-in users), if any
   */
  constructor(url: string, cookie?: string) {
    this.ws = new WebSocket(url, { perMessageDeflate: false, headers: cookie ? { cookie } : {} });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once("open", () => resolve());
      this.ws.once("error", reject);
    });
    this.ws.on("error", () => undefined);
    this.ws.on("close", (code) => {
      this.closedWith = code;
    });
    this.ws.on("message", (data: Buffer) => {
      const at = performance.now();
      const size = data.length;
      this.bytes += size;
      this.frames++;
      const listener = this.listener;
      if (listener) listener(JSON.parse(data.toString()) as ServerMessage, at, size);
    });
  }

  /** True while the connection is open. */
  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Sends a frame (JSON). */
  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  /**
   * Waits for the connection, sends `join_session` and resolves with the snapshot's voterKey.
   * @throws Error on an `error` frame, a closed socket or no snapshot within `timeoutMs`
   */
  async join(sessionId: string, participantToken?: string, timeoutMs = 30_000): Promise<string> {
    await this.opened;
    const previous = this.listener;
    try {
      return await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no session_snapshot in time")), timeoutMs);
        this.ws.once("close", (code) => reject(new Error(`closed (${code}) before the snapshot`)));
        this.listener = (msg, _at, bytes) => {
          if (msg.type === "session_snapshot") {
            clearTimeout(timer);
            this.voterKey = msg.you.voterKey;
            this.snapshotBytes = bytes;
            resolve(msg.you.voterKey);
          } else if (msg.type === "error") {
            clearTimeout(timer);
            reject(new Error(`join refused: ${msg.code} ${msg.message}`));
          }
        };
        this.send({ type: "join_session", sessionId, ...(participantToken ? { participantToken } : {}) });
      });
    } finally {
      this.listener = previous;
    }
  }

  /** Closes the connection and waits for the close (2 s at most). */
  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.ws.terminate();
        resolve();
      }, 2_000);
      this.ws.once("close", () => {
        clearTimeout(timer);
        resolve();
      });
      this.ws.close();
    });
  }
}

/** Resolves once no client received any frame for `quietMs` (or after `maxMs`). */
export async function waitForQuiet(clients: readonly BenchSocket[], quietMs = 500, maxMs = 30_000): Promise<void> {
  const total = () => clients.reduce((n, c) => n + c.frames, 0);
  const end = Date.now() + maxMs;
  let last = total();
  let since = Date.now();
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    const now = total();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
  }
}
