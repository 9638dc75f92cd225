import type { FastifyInstance } from "fastify";
import { isTrustedOrigin } from "../auth/origins";
import type { Config } from "../config";

/**
 * Cross-site WebSocket hijacking guard for `/ws` (issue #7): browsers attach cookies to a
 * WebSocket upgrade whatever page opens it and CORS does not apply, so the server checks the
 * `Origin`. An upgrade from a foreign origin has its `Cookie` header removed before the cookie
 * and session plugins read it: that socket can authenticate only by a token (the
 * `participantToken` query parameter, or `accessToken` / `participantToken` in `join_session`),
 * which a foreign page has only if the person gave it one. Refusing the upgrade instead would
 * break token clients that happen to carry cookies, and say no more. Requests without an
 * `Origin` (non-browser clients) are left alone: no browser omits it, so no victim's cookies
 * arrive that way. Trusted origins: `isTrustedOrigin` (PUBLIC_URL or the Host, Teams hosts).
 * Register before @fastify/cookie so its hook, and the session's, see the stripped request.
 */
export function guardSocketOrigin(app: FastifyInstance, config: Config): void {
  app.addHook("onRequest", async (request) => {
    if (request.url.split("?")[0] !== "/ws") return;
    const origin = request.headers.origin;
    if (origin === undefined || isTrustedOrigin(origin, config, request.headers.host)) return;
    if (request.headers.cookie) {
      delete request.headers.cookie;
      request.log.info({ origin }, "foreign-origin WebSocket: cookies ignored, token authentication only");
    }
  });
}
