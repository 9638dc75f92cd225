import type { ServerMessage } from "@pointwise/core/realtime";
import WebSocket from "ws";
import type { ApiClient } from "./apiClient";

/** A test WebSocket client that records every frame it receives. */
export interface TestSocket {
  messages: ServerMessage[];
  send(frame: unknown): void;
  /** Sends a text frame as is (no JSON encoding); nothing once the socket is no longer open. */
  sendRaw(data: string): void;
  /** True while the socket is open. */
  isOpen(): boolean;
  /** Resolves with the close code and reason once the socket has closed. */
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first received frame (from `since`) matching the predicate. */
  next<T extends ServerMessage["type"]>(
    type: T,
    predicate?: (m: Extract<ServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ServerMessage, { type: T }>>;
  /** Resolves with the first received frame (from `since`) of any type matching the predicate. */
  nextMatching(predicate: (m: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  close(): Promise<void>;
}

/**
 * Opens `/ws` with the client's cookies (and optional headers, e.g. `origin`), as a browser would.
 * `path` spells the path otherwise (`/%77s`: issue #23 section 1), sent as written.
 */
export async function openSocket(
  baseUrl: string,
  client?: ApiClient,
  query = "",
  headers: Record<string, string> = {},
  path = "/ws",
): Promise<TestSocket> {
  const url = `${baseUrl.replace(/^http/, "ws")}${path}${query}`;
  const cookie = client?.cookies.size ? { cookie: client.cookieHeader() } : {};
  const ws = new WebSocket(url, { headers: { ...headers, ...cookie } });
  const messages: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  ws.on("message", (data) => {
    messages.push(JSON.parse(data.toString()) as ServerMessage);
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  let cursor = 0;
  /** The first frame from the cursor on that `matches`; the cursor moves past it. */
  const waitFor = (matches: (m: ServerMessage) => boolean, failure: string, timeoutMs: number) =>
    new Promise<ServerMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(failure)), timeoutMs);
      const check = () => {
        for (let i = cursor; i < messages.length; i++) {
          const m = messages[i] as ServerMessage;
          if (matches(m)) {
            cursor = i + 1;
            clearTimeout(timer);
            resolve(m);
            return;
          }
        }
        waiters.push(check);
      };
      check();
    });
  return {
    messages,
    send: (frame) => ws.send(JSON.stringify(frame)),
    sendRaw: (data) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(data);
    },
    isOpen: () => ws.readyState === WebSocket.OPEN,
    closed,
    next(type, predicate, timeoutMs = 5000) {
      type M = Extract<ServerMessage, { type: typeof type }>;
      const matches = (m: ServerMessage) => m.type === type && (!predicate || predicate(m as M));
      return waitFor(matches, `timed out waiting for ${type}`, timeoutMs) as Promise<M>;
    },
    nextMatching(predicate, timeoutMs = 5000) {
      return waitFor(predicate, "timed out waiting for a matching frame", timeoutMs);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once("close", () => resolve());
        ws.close(1000);
      }),
  };
}
