import type { FastifyInstance } from "fastify";
import { CSRF_COOKIE, csrfTokens, setCsrfCookie } from "../../auth/csrf";
import type { AppContext } from "../../context";

/**
 * `GET /api/csrf-token` -> `{csrfToken}` (spec part 1 section 7): the caller's valid token, or a
 * new one, also (re)set as the `csrf-token` cookie.
 */
export const csrfRoutes = (ctx: AppContext, opts: { secure: boolean }) => async (app: FastifyInstance) => {
  const { issue, valid } = csrfTokens(ctx.config.sessionSecret);
  app.get("/api/csrf-token", { schema: { hide: true } }, async (request, reply) => {
    const current = request.cookies[CSRF_COOKIE];
    const token = valid(current) ? current : issue();
    setCsrfCookie(reply, token, opts.secure);
    return { csrfToken: token };
  });
};
