import type { FastifyInstance } from "fastify";
import { csrfTokens, currentCsrfToken } from "../../auth/csrf";
import type { AppContext } from "../../context";

/**
 * `GET /api/csrf-token` -> `{csrfToken}` (spec part 1 section 7): the caller's valid token, or a
 * new one, also (re)set as the `csrf-token` cookie; bound to the caller's sign-in session when
 * signed in (auth/csrf csrfBinding, issue #23 section 7).
 */
export const csrfRoutes = (ctx: AppContext, opts: { secure: boolean }) => async (app: FastifyInstance) => {
  const tokens = csrfTokens(ctx.config.sessionSecret);
  app.get("/api/csrf-token", { schema: { hide: true } }, async (request, reply) => ({
    csrfToken: currentCsrfToken(tokens, request, reply, opts.secure),
  }));
};
