import { normalizeIP } from "@fastify/rate-limit";
import { loginSchema, profileSchema, registerSchema } from "@pointwise/core/authSchemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AttemptThrottle } from "../../auth/attemptThrottle";
import { ANY_CALLER } from "../../auth/callerGate";
import { requireUser } from "../../auth/currentUser";
import { startUserSession } from "../../auth/signIn";
import { linkedProviders } from "../../commands/oauthAccounts";
import { updateProfile } from "../../commands/profileUpdater";
import { acceptTeamInvitationsByEmail } from "../../commands/teamInvitationAccepter";
import { authenticateUser } from "../../commands/userAuthenticator";
import { registerUser } from "../../commands/userRegistrar";
import type { AppContext } from "../../context";
import { AppError, rateLimited } from "../../errors";
import { presentUser } from "../../presenters/userPresenter";

const WINDOW = "15 minutes";

/**
 * Sign-up, sign-in and profile (spec part 1 section 7, "Authentication calls"; sign-out: logout.ts).
 * Limits (issue #7, "Login limits"): login and register share one per-IP budget
 * (AUTH_RATE_LIMIT_IP per 15 minutes; the IP is the socket's peer unless TRUST_PROXY names the
 * proxy). Failed logins slow down per account and client IP, so an attacker elsewhere never
 * delays the owner; "already in use" answers (register, profile) slow down per client IP.
 */
export const authRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ipLimiter = app.createRateLimit({ max: ctx.config.authRateLimitIp, timeWindow: WINDOW });
  const perIp = async (request: FastifyRequest) => {
    const verdict = await ipLimiter(request);
    if (!verdict.isAllowed && verdict.isExceeded) throw rateLimited(verdict.ttlInSeconds);
  };
  const throttle = new AttemptThrottle(ctx.config.authRateLimitAccount);
  const clientOf = (request: FastifyRequest) => normalizeIP(request.ip);
  const inUseKey = (request: FastifyRequest) => `in-use|${clientOf(request)}`;
  /** Runs an e-mail-changing action; its EMAIL_IN_USE answers count against the caller's IP. */
  const countingInUse = async <T>(request: FastifyRequest, action: () => Promise<T>): Promise<T> => {
    throttle.check(inUseKey(request));
    try {
      return await action();
    } catch (err) {
      if (err instanceof AppError && err.code === "EMAIL_IN_USE") throttle.failed(inUseKey(request));
      throw err;
    }
  };

  app.post(
    "/api/register",
    { config: ANY_CALLER, onRequest: perIp, schema: { body: registerSchema } },
    async (request, reply) => {
      const user = await countingInUse(request, () => registerUser(ctx, request.body));
      await acceptTeamInvitationsByEmail(ctx, user); // issue #11 section 1
      await startUserSession(ctx.db, request, user, false);
      return reply.status(201).send({ user: presentUser(user) });
    },
  );

  app.post("/api/login", { config: ANY_CALLER, onRequest: perIp, schema: { body: loginSchema } }, async (request) => {
    const key = `login:${request.body.email.toLowerCase()}|${clientOf(request)}`;
    throttle.attempt(key);
    const user = await authenticateUser(ctx, request.body.email, request.body.password);
    throttle.succeeded(key);
    await acceptTeamInvitationsByEmail(ctx, user); // issue #11 section 1
    // A pending provider link (issue #13 section 1) is made by this proof: `linkedProvider` names it.
    const linkedProvider = await startUserSession(ctx.db, request, user, request.body.rememberMe);
    return { user: presentUser(user), ...(linkedProvider ? { linkedProvider } : {}) };
  });

  // Sign-in buttons navigate here (spec part 1 section 2): e-mail sign-in lives at /login.
  app.get("/api/login", async (_request, reply) => reply.redirect("/login"));

  // Sign-out: logout.ts (GET same-origin only, POST with CSRF).

  // The linked sign-in providers too (issue #13 section 3).
  app.get("/api/auth/user", async (request) => {
    const user = await requireUser(ctx.db, request);
    return { ...presentUser(user), providers: await linkedProviders(ctx.db, user) };
  });

  app.patch("/api/auth/user/profile", { schema: { body: profileSchema } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    return presentUser(await countingInUse(request, () => updateProfile(ctx, user, request.body)));
  });
};
