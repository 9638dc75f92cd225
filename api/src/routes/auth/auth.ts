import { loginSchema, profileSchema, registerSchema } from "@pointwise/core/authSchemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/currentUser";
import { updateProfile } from "../../commands/profileUpdater";
import { authenticateUser } from "../../commands/userAuthenticator";
import { registerUser } from "../../commands/userRegistrar";
import type { AppContext } from "../../context";
import { rateLimited } from "../../errors";
import { presentUser } from "../../presenters/userPresenter";

/** "Remember me" keeps the sign-in for 30 days; otherwise it ends with the browser session. */
const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
const WINDOW = "15 minutes";

/** Starts a fresh server-side session for the user (a new id: no session fixation). */
async function signIn(request: FastifyRequest, userId: string, rememberMe: boolean): Promise<void> {
  await request.session.regenerate();
  request.session.userId = userId;
  if (rememberMe) request.session.cookie.maxAge = REMEMBER_ME_MS;
  await request.session.save();
}

/**
 * Sign-up, sign-in and profile (spec part 1 section 7, "Authentication calls").
 * Login and register are rate-limited per IP, and login also per account (e-mail).
 */
export const authRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const perIp = { rateLimit: { max: ctx.config.authRateLimitIp, timeWindow: WINDOW } };
  // A second limiter keyed by account: createRateLimit only checks, so it can run after the
  // per-IP route limiter (whose request flag makes a second rateLimit() hook a no-op).
  const accountLimiter = app.createRateLimit({
    max: ctx.config.authRateLimitAccount,
    timeWindow: WINDOW,
    keyGenerator: (request) =>
      `account:${String((request.body as { email?: unknown } | undefined)?.email ?? "").toLowerCase()}`,
  });
  const perAccount = async (request: FastifyRequest) => {
    const verdict = await accountLimiter(request);
    if (!verdict.isAllowed && verdict.isExceeded) throw rateLimited();
  };

  app.post(
    "/api/register",
    { config: perIp, preHandler: perAccount, schema: { body: registerSchema } },
    async (request, reply) => {
      const user = await registerUser(ctx, request.body);
      await signIn(request, user.id, false);
      return reply.status(201).send({ user: presentUser(user) });
    },
  );

  app.post("/api/login", { config: perIp, preHandler: perAccount, schema: { body: loginSchema } }, async (request) => {
    const user = await authenticateUser(ctx, request.body.email, request.body.password);
    await signIn(request, user.id, request.body.rememberMe);
    return { user: presentUser(user) };
  });

  // Sign-in buttons navigate here (spec part 1 section 2): e-mail sign-in lives at /login.
  app.get("/api/login", async (_request, reply) => reply.redirect("/login"));

  // Sign-out: logout.ts (GET same-origin only, POST with CSRF).

  app.get("/api/auth/user", async (request) => presentUser(await requireUser(ctx.db, request)));

  app.patch("/api/auth/user/profile", { schema: { body: profileSchema } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    return presentUser(await updateProfile(ctx, user, request.body));
  });
};
