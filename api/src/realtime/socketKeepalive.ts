import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";

/** Each socket is pinged once per interval; one that missed its last pong is dropped. */
const PING_INTERVAL_MS = 30_000;
/** Pings are spread over the interval in slices, so 10,000 sockets never block one tick. */
const PING_SLICES = 30;

/**
 * Keeps WebSockets honest: pings each tracked socket every 30 s and terminates one that did not
 * answer the previous ping (a vanished client frees its presence); closes them all with 1001
 * when the server shuts down.
 * @returns `track(socket)`, to call once per accepted socket
 */
export function startSocketKeepalive(app: FastifyInstance): { track(socket: WebSocket): void } {
  const alive = new WeakMap<WebSocket, boolean>();
  const sockets = new Set<WebSocket>();
  let tick = 0;
  const pinger = setInterval(() => {
    const slice = tick++ % PING_SLICES;
    let i = 0;
    for (const socket of sockets) {
      if (i++ % PING_SLICES !== slice) continue;
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, PING_INTERVAL_MS / PING_SLICES);
  pinger.unref();
  app.addHook("onClose", async () => {
    clearInterval(pinger);
    for (const socket of sockets) socket.close(1001, "Server shutting down");
  });
  return {
    track(socket) {
      sockets.add(socket);
      alive.set(socket, true);
      socket.on("pong", () => alive.set(socket, true));
      socket.on("close", () => sockets.delete(socket));
    },
  };
}
