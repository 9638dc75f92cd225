import { passwordChangeSchema } from "@pointwise/core/authSchemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AttemptThrottle } from "../../auth/attemptThrottle";
import { requireUser } from "../../auth/currentUser";
import { PgSessionStore } from "../../auth/sessionStore";
import { changePassword } from "../../commands/passwordChanger";
import type { AppContext } from "../../context";

/** The answer: how many other sign-in sessions were ended. */
const passwordChangedSchema = z.object({ message: z.string(), signedOutSessions: z.number().int() });

/**
 * `POST /api/profile/password {currentPassword, newPassword}` (issue #11 section 4; the spec
 * names no route for it, so this one is ours): changes an e-mail account's password under the
 * registration rule and signs out every OTHER sign-in session of the user, on every instance
 * (the session store's NOTIFY); the caller stays signed in. Wrong current passwords slow down
 * per user (AUTH_RATE_LIMIT_ACCOUNT free failures, then 429 RATE_LIMITED with growing waits).
 * Errors: 401 UNAUTHORIZED, 403 CSRF_VALIDATION_FAILED, 400 VALIDATION_ERROR (new password
 * rules; `currentPassword` wrong or the account has no password), 429 RATE_LIMITED.
 */
export const passwordRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const throttle = new AttemptThrottle(ctx.config.authRateLimitAccount);

  app.post(
    "/api/profile/password",
    { schema: { body: passwordChangeSchema, response: { 200: passwordChangedSchema } } },
    async (request) => {
      const user = await requireUser(ctx.db, request);
      const key = `password:${user.id}`;
      throttle.attempt(key);
      await changePassword(ctx, user, request.body);
      throttle.succeeded(key);
      const store = request.sessionStore;
      const signedOutSessions =
        store instanceof PgSessionStore ? await store.destroyOthers(user.id, request.session.sessionId) : 0;
      return { message: "Password changed. Your other sessions have been signed out.", signedOutSessions };
    },
  );
};
