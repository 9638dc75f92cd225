import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import { isTrustedOrigin } from "../auth/origins";
import type { Config } from "../config";
import { notFound } from "../errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** True on every route declared with `websocket: true` (set by `guardSocketOrigin`, never by hand). */
    websocketRoute?: boolean;
  }
}

/**
 * Whether Node handed this request to the server's `upgrade` listener (`Connection: upgrade`
 * with an `Upgrade` header): @fastify/websocket routes those, and only those can become
 * WebSockets. Node sets `upgrade` on the message; its type does not declare it.
 */
export function isUpgradeRequest(raw: IncomingMessage): boolean {
  return (raw as IncomingMessage & { upgrade?: boolean }).upgrade === true;
}

/**
 * Cross-site WebSocket hijacking guard (issues #7 and #23): browsers attach cookies to a
 * WebSocket upgrade whatever page opens it and CORS does not apply, so the server checks the
 * `Origin`. An upgrade from a foreign origin has its `Cookie` header removed before the cookie
 * and session plugins read it: that socket can authenticate only by a token (the
 * `participantToken` query parameter, or `accessToken` / `participantToken` in `join_session`),
 * which a foreign page has only if the person gave it one. Refusing the upgrade instead would
 * break token clients that happen to carry cookies, and say no more. Requests without an
 * `Origin` (non-browser clients) are left alone: no browser omits it, so no victim's cookies
 * arrive that way. Trusted origins: `isTrustedOrigin` (PUBLIC_URL or the Host, Teams hosts).
 *
 * Which requests: those Fastify routed to a WebSocket route, decided by the route it matched
 * (an `onRoute` hook marks every `websocket: true` route), never by the raw URL: `/%77s`,
 * `/w%73` and `/ws?x` reach the same handler as `/ws` (issue #23 section 1: the guard compared
 * the raw path with `/ws`, so `/%77s` joined sessions with the victim's cookies). Routing comes
 * before every `onRequest` hook, so this global hook knows the route and still runs before the
 * cookie and session hooks; a hook of the route itself would run after them. An upgrade that
 * any other route (or none) would handle answers 404 and is not upgraded (`/WS`, `/ws/`, `//ws`,
 * `/api/health`: @fastify/websocket upgraded those to close them again).
 * Register before @fastify/cookie and @fastify/session, and before any route.
 */
export function guardSocketOrigin(app: FastifyInstance, config: Config): void {
  app.addHook("onRoute", (route) => {
    if (route.websocket) route.config = { ...route.config, websocketRoute: true };
  });
  app.addHook("onRequest", async (request, reply) => {
    const socketRoute = !request.is404 && request.routeOptions.config.websocketRoute === true;
    if (isUpgradeRequest(request.raw) && !socketRoute) {
      // The socket left Node's HTTP parser at the upgrade: nobody else closes it after this answer.
      const socket = request.raw.socket;
      reply.raw.once("finish", () => socket.end(() => socket.destroy()));
      return reply.code(404).header("connection", "close").send(notFound("WebSocket connections go to /ws").toBody());
    }
    if (!socketRoute) return;
    const origin = request.headers.origin;
    if (origin === undefined || isTrustedOrigin(origin, config, request.headers.host)) return;
    if (request.headers.cookie) {
      delete request.headers.cookie;
      request.log.info({ origin }, "foreign-origin WebSocket: cookies ignored, token authentication only");
    }
  });
}
