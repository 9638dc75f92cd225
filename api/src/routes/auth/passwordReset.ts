import { forgotPasswordSchema, resetPasswordSchema } from "@pointwise/core/authSchemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ANY_CALLER } from "../../auth/callerGate";
import { mailLinkOrigin } from "../../auth/origins";
import { PgSessionStore } from "../../auth/sessionStore";
import { requestPasswordReset, resetPassword } from "../../commands/passwordResetter";
import type { AppContext } from "../../context";
import { rateLimited } from "../../errors";

const HOUR_MS = 60 * 60 * 1000;

/** The one answer of a forgot-password request, whatever the address (no account enumeration). */
export const FORGOT_PASSWORD_MESSAGE =
  "If an account exists for that email address, we have sent a link to reset its password. The link is valid for a limited time.";
/**
 * The answer on a server that cannot e-mail the link (no SMTP_URL, or production without
 * PUBLIC_URL): it depends on the configuration only, never on the address (issue #22: the first
 * answer claimed a link was sent when none could be).
 */
export const FORGOT_PASSWORD_NO_MAIL_MESSAGE =
  "This server cannot send e-mail, so no reset link was sent. Ask the person who runs this Pointwise server to help you reset your password.";

const messageSchema = z.object({ message: z.string() });

/**
 * Password reset (issue #13 sections 2 and 3).
 *
 * `POST /api/auth/forgot-password {email}` answers 202 `{message, emailSent}` (FORGOT_PASSWORD_MESSAGE,
 * or FORGOT_PASSWORD_NO_MAIL_MESSAGE with `emailSent: false` when the server cannot e-mail a link;
 * the configuration decides, not the address) for every well-formed address, known or not, and e-mails a single-use link valid
 * RESET_TOKEN_TTL_SECONDS after answering (commands/passwordResetter.ts). Limits: per client IP
 * (FORGOT_PASSWORD_RATE_LIMIT_IP) and per e-mail address (FORGOT_PASSWORD_RATE_LIMIT_EMAIL) per
 * hour, in this process's memory; then 429 RATE_LIMITED with Retry-After. The per-address limit
 * applies alike to unknown addresses, so it tells nothing either.
 *
 * `POST /api/auth/reset-password {token, password}` sets the password (the registration rule:
 * 400 VALIDATION_ERROR) and signs out every session of the user on every instance; the user
 * then signs in with the new password. 400 INVALID_TOKEN for an unknown, used or expired link.
 * Both need the CSRF token like every POST (the web app sends it).
 */
export const passwordResetRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { perIpPerHour, perEmailPerHour } = ctx.config.passwordReset;
  const ipLimiter = app.createRateLimit({
    max: perIpPerHour,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `forgot-ip|${request.ip}`,
  });
  const emailLimiter = app.createRateLimit({
    max: perEmailPerHour,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `forgot-email|${(request.body as { email?: string } | undefined)?.email ?? ""}`,
  });
  const limit = async (limiter: typeof ipLimiter, request: FastifyRequest) => {
    const verdict = await limiter(request);
    if (!verdict.isAllowed && verdict.isExceeded) throw rateLimited(verdict.ttlInSeconds);
  };

  app.post(
    "/api/auth/forgot-password",
    { config: ANY_CALLER, onRequest: (request) => limit(ipLimiter, request), schema: { body: forgotPasswordSchema } },
    async (request, reply) => {
      await limit(emailLimiter, request);
      const linkOrigin = mailLinkOrigin(ctx.config, request);
      await requestPasswordReset(ctx, request.body.email, linkOrigin, request.log);
      const emailSent = Boolean(ctx.config.mail.smtpUrl) && linkOrigin !== undefined;
      return reply
        .status(202)
        .send({ message: emailSent ? FORGOT_PASSWORD_MESSAGE : FORGOT_PASSWORD_NO_MAIL_MESSAGE, emailSent });
    },
  );

  app.post(
    "/api/auth/reset-password",
    { config: ANY_CALLER, schema: { body: resetPasswordSchema, response: { 200: messageSchema } } },
    async (request) => {
      const userId = await resetPassword(ctx, request.body.token, request.body.password);
      const store = request.sessionStore;
      if (store instanceof PgSessionStore) await store.destroyAllOf(userId);
      // A caller signed in as this user: that session is gone from the store, so it is not saved back.
      if (request.session.userId === userId) await request.session.destroy();
      return { message: "Your password has been reset. Please sign in with your new password." };
    },
  );
};
