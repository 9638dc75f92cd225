import { passwordChangeSchema } from "@pointwise/core/authSchemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AttemptThrottle } from "../../auth/attemptThrottle";
import { requireUser } from "../../auth/currentUser";
import { PgSessionStore, SESSION_COOKIE } from "../../auth/sessionStore";
import { changePassword } from "../../commands/passwordChanger";
import type { AppContext } from "../../context";

/** The answer: how many other sign-in sessions were ended. */
const passwordChangedSchema = z.object({ message: z.string(), signedOutSessions: z.number().int() });
/** POST /api/auth/logout-all takes no fields: an empty object or no body. */
const logoutAllSchema = z.object({}).strict().optional();

/**
 * Password change and "Sign out everywhere".
 *
 * `POST /api/auth/change-password` (issue #13 section 3) and `POST /api/profile/password`
 * (issue #11 section 4, kept): the same handler, `{currentPassword, newPassword}`. Changes an
 * e-mail account's password under the registration rule and signs out every OTHER sign-in
 * session of the user, on every instance (the session store's NOTIFY); the caller stays signed
 * in. Wrong current passwords slow down per user (AUTH_RATE_LIMIT_ACCOUNT free failures, then
 * 429 RATE_LIMITED with growing waits). Errors: 401 UNAUTHORIZED, 403 CSRF_VALIDATION_FAILED,
 * 400 VALIDATION_ERROR (new password rules; `currentPassword` wrong or the account has no
 * password), 429 RATE_LIMITED.
 *
 * `POST /api/auth/logout-all` signs out every session of the user INCLUDING this one (the
 * caller's cookie is cleared too: "everywhere" means here as well) and answers 200
 * `{message, signedOutSessions}` (the count includes this session). 401, 403 CSRF, 400 for a
 * body with fields.
 */
export const passwordRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const throttle = new AttemptThrottle(ctx.config.authRateLimitAccount);

  const change = async (request: FastifyRequest & { body: z.infer<typeof passwordChangeSchema> }) => {
    const user = await requireUser(ctx.db, request);
    const key = `password:${user.id}`;
    throttle.attempt(key);
    await changePassword(ctx, user, request.body);
    throttle.succeeded(key);
    const store = request.sessionStore;
    const signedOutSessions =
      store instanceof PgSessionStore ? await store.destroyOthers(user.id, request.session.sessionId) : 0;
    return { message: "Password changed. Your other sessions have been signed out.", signedOutSessions };
  };
  const options = { schema: { body: passwordChangeSchema, response: { 200: passwordChangedSchema } } };
  app.post("/api/profile/password", options, change);
  app.post("/api/auth/change-password", options, change);

  app.post(
    "/api/auth/logout-all",
    { schema: { body: logoutAllSchema, response: { 200: passwordChangedSchema } } },
    async (request, reply) => {
      const user = await requireUser(ctx.db, request);
      const store = request.sessionStore;
      const signedOutSessions = store instanceof PgSessionStore ? await store.destroyAllOf(user.id) : 0;
      await request.session.destroy();
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { message: "You have been signed out everywhere.", signedOutSessions };
    },
  );
};
