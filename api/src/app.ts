import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySession from "@fastify/session";
import fastifySwagger from "@fastify/swagger";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyError, type FastifyInstance, type RouteOptions } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import helmet from "helmet";
import { callerGate } from "./auth/callerGate";
import { csrfProtection } from "./auth/csrf";
import type { UserRow } from "./auth/currentUser";
import { ownSocketOrigins, TEAMS_HOSTS } from "./auth/origins";
import { PgSessionStore, SESSION_COOKIE } from "./auth/sessionStore";
import { createSsoVerifier, userForTeamsIdentity } from "./auth/teamsSso";
import { autoRevealPushedRound } from "./commands/autoRevealer";
import type { TrustProxy } from "./config";
import { httpServerOptions, limitConnectionsPerAddress } from "./connectionLimits";
import type { AppContext } from "./context";
import { AppError, knownError, notFound, RETRY_AFTER_SECONDS, rateLimited } from "./errors";
import { settleJiraWriteBacks } from "./integrations/jira/jiraTickets";
import { lazyCloudAdapter } from "./integrations/teams/botAdapter";
import { startCardUpdater } from "./integrations/teams/cardUpdater";
import { startRetentionSchedule } from "./jobs/retention";
import { startRoundTimerScheduler } from "./jobs/roundTimerScheduler";
import { registerJsonBodyParser } from "./jsonBody";
import { createAiCallGuard } from "./pointbot/aiCallGuard";
import { onParticipantsPushed } from "./realtime/participantsUpdate";
import { handleSocketError } from "./realtime/socketErrors";
import { guardSocketOrigin } from "./realtime/socketOrigin";
import { accountRoutes } from "./routes/account/account";
import { authRoutes } from "./routes/auth/auth";
import { logoutRoutes } from "./routes/auth/logout";
import { oauthRoutes } from "./routes/auth/oauth";
import { passwordRoutes } from "./routes/auth/password";
import { passwordResetRoutes } from "./routes/auth/passwordReset";
import { botRoutes } from "./routes/bot/bot";
import { csrfRoutes } from "./routes/csrf/csrf";
import { healthRoutes } from "./routes/health/health";
import { insightRoutes } from "./routes/insights/insights";
import { integrationRoutes } from "./routes/integrations/integrations";
import { meetingRoutes } from "./routes/meetings/meetings";
import { enhancedDescriptionRoutes } from "./routes/pointbot/enhancedDescription";
import { estimateSuggestionRoutes } from "./routes/pointbot/estimateSuggestion";
import { exportRoutes } from "./routes/sessions/exports";
import { joinInfoRoutes } from "./routes/sessions/joinInfo";
import { participantRoutes } from "./routes/sessions/participants";
import { sessionRoutes } from "./routes/sessions/sessions";
import { storyRoutes } from "./routes/stories/stories";
import { subscriptionRoutes } from "./routes/subscription/subscription";
import { suggestionRoutes } from "./routes/suggestions/suggestions";
import { teamRoutes } from "./routes/teams/teams";
import { teamsMessageRoutes } from "./routes/teamsMessages/teamsMessages";
import { voteRoutes } from "./routes/votes/votes";
import { isWebAppPage, registerWebApp, sendWebAppPage } from "./routes/webApp/webApp";
import { realtimeRoutes } from "./routes/ws/wsRoute";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The user of a Teams SSO token (created on first use).
     * @throws AppError 401 when the token fails verification.
     */
    teamsUserFromToken(token: string): Promise<UserRow>;
  }
}

/**
 * Where profile pictures (`profileImageUrl`) come from: the sign-in providers of spec part 2
 * (Google, GitHub, Twitter, Bluesky). Nothing else may be an image source (CSP img-src).
 */
const AVATAR_HOSTS = [
  "https://lh3.googleusercontent.com",
  "https://avatars.githubusercontent.com",
  "https://pbs.twimg.com",
  "https://cdn.bsky.app",
];

/** Field messages of a schema validation error, by field path ("title", "points", "_body"). */
function fieldErrors(
  validation: { instancePath?: string; message?: string; params?: unknown }[],
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of validation) {
    const params = issue.params as { issue?: { path?: (string | number)[] } } | undefined;
    const fromPath = params?.issue?.path?.join(".");
    const field = fromPath || issue.instancePath?.replace(/^\//, "").replace(/\//g, ".") || "_body";
    const list = errors[field] ?? [];
    list.push(issue.message ?? "Invalid value");
    errors[field] = list;
  }
  return errors;
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function trusting the first
 * `hops` addresses counted from the socket: Fastify 5 turns a bare number into "trust nothing"
 * because it cannot check the peer, which is right only where clients can reach the server
 * directly. Behind App Service every request comes through its front end (README).
 */
function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}

/** What `buildApp` may be told besides the context. */
export interface BuildAppOptions {
  /**
   * Told of every route as it is registered (Fastify's `onRoute` hook, added before any route):
   * the test server lists them, so routeGuards.test checks every route the app has.
   */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Builds the whole server: REST API, CSRF, sessions, rate limits, `/ws`, the built web app.
 * Nothing listens until the caller calls `listen`.
 */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const secure = config.nodeEnv === "production" || (config.publicUrl?.startsWith("https://") ?? false);
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    trustProxy: trustProxyOption(config.trustProxy),
    // Every route reads at most 1 MB; only the backlog import more (routes/stories/importBody).
    bodyLimit: 1024 * 1024,
    ...httpServerOptions(config.http),
  });
  const { onRoute } = options;
  if (onRoute) app.addHook("onRoute", (route) => onRoute(route));
  // First of all hooks: a connection or request over the per-address cap costs no further work.
  limitConnectionsPerAddress(app, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const known = knownError(error);
    if (known && !(error instanceof AppError)) request.log.warn({ err: error }, "database unavailable");
    if (known) {
      if (known.code === "SERVICE_UNAVAILABLE") reply.header("Retry-After", String(RETRY_AFTER_SECONDS));
      const wait = known.extra.retryAfterSeconds;
      if (typeof wait === "number") reply.header("Retry-After", String(wait));
      return reply.status(known.status).send(known.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const body = new AppError(400, "VALIDATION_ERROR", "", { errors });
      const message = Object.entries(errors)
        .map(([field, list]) => `${field}: ${list.join(", ")}`)
        .join(". ");
      return reply.status(400).send({ ...body.toBody(), message });
    }
    const status = ("statusCode" in error ? error.statusCode : undefined) ?? 500;
    if (status === 413)
      return reply.status(413).send({ code: "VALIDATION_ERROR", message: "Request body is too large" });
    if (status === 415)
      return reply.status(415).send({ code: "VALIDATION_ERROR", message: "Unsupported content type" });
    if (status === 429)
      return reply.status(429).send({ code: "RATE_LIMITED", message: "Too many attempts. Please try again later." });
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ code: "VALIDATION_ERROR", message: "Invalid request. Please check and try again." });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply
      .status(500)
      .send({ code: "INTERNAL_ERROR", message: "Something went wrong on our end. Please try again later." });
  });
  app.setNotFoundHandler((request, reply) => {
    if (isWebAppPage(request, config.tabDistDir)) return sendWebAppPage(reply, config.tabDistDir);
    const url = request.url.split("?")[0] ?? "";
    return reply.status(404).send(notFound(`Route ${request.method} ${url} not found`).toBody());
  });

  // Security headers: helmet's middleware built once (issue #10: @fastify/helmet built it again from
  // these options for every request, parsing the CSP each time: 11 kB of garbage a vote).
  const securityHeaders = helmet({
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "https://res.cdn.office.net"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", ...AVATAR_HOSTS],
        // The app's own origin and its WebSocket origin (/ws); teams-js fetches its list of
        // valid Teams origins from the Office CDN (validDomains.json).
        connectSrc: [
          "'self'",
          (request) => ownSocketOrigins(config, request.headers.host).join(" "),
          "https://res.cdn.office.net",
        ],
        frameAncestors: ["'self'", ...TEAMS_HOSTS],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined)),
  );
  await app.register(fastifySwagger, {
    openapi: { info: { title: "Pointwise API", version: "0.1.0" } },
    transform: jsonSchemaTransform,
  });
  guardSocketOrigin(app, config);
  await app.register(fastifyCookie);
  const store = new PgSessionStore(ctx.database);
  await store.listen();
  await app.register(fastifySession, {
    secret: config.sessionSecret,
    cookieName: SESSION_COOKIE,
    store,
    saveUninitialized: false,
    cookie: { path: "/", httpOnly: true, sameSite: "lax", secure, maxAge: undefined },
  });
  // A lost NOTIFY is a push the other instances' clients miss until their next snapshot: log it.
  ctx.hub.onNotifyError((err, key) =>
    app.log.warn({ err, key, failures: ctx.hub.notifyFailures }, "NOTIFY failed: other instances missed a push"),
  );
  const pruner = setInterval(() => void store.prune().catch(() => undefined), 60 * 60 * 1000);
  pruner.unref();
  app.addHook("onClose", async () => clearInterval(pruner));
  // Anonymous participants' data 30 days after their session ended (issue #13; jobs/retention.ts).
  const stopRetention = startRetentionSchedule(ctx.db, app.log);
  app.addHook("onClose", async () => stopRetention());
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => rateLimited(),
  });
  app.decorate("aiCallGuard", createAiCallGuard(app, ctx));
  await app.register(csrfProtection, { secret: config.sessionSecret, secure });
  // Teams SSO: a bearer token authenticates the request instead of the session cookie. Verified
  // before the body is read (a bad token is 401 at once), so the caller gate can count on it.
  const verifySso = createSsoVerifier(config);
  app.decorate("teamsUserFromToken", async (token: string) => userForTeamsIdentity(ctx.db, await verifySso(token)));
  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith("Bearer ") || request.url.startsWith("/api/messages")) return;
    request.userMemo = await app.teamsUserFromToken(header.slice("Bearer ".length).trim());
  });
  // Strangers are refused before their body is read (issue #23 section 4).
  callerGate(app, ctx.db);
  registerJsonBodyParser(app);
  // Fastify reads text/plain on every route by default: only the backlog import reads text
  // (routes/stories/importBody), and everywhere else it is a 415 (issue #23 section 4).
  app.removeContentTypeParser("text/plain");
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 }, errorHandler: handleSocketError });

  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  // The API in a context of its own, whose answers are compressed; the web app's files (webApp.ts,
  // on the root) go with the copies compressed at build time, or as they are.
  await app.register(async (api) => {
    // JSON and text answers of 1 kB or more compressed for clients that accept it (issue #22
    // section 3: opening a 1,681-story session moved 3 MB of uncompressed JSON). Brotli at quality
    // 4 and gzip at 6 cost under a millisecond for a page of the queue; small answers (a vote) are
    // left as they are. Request bodies are never inflated (no Content-Encoding on the way in).
    await api.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: 1024,
      encodings: ["br", "gzip"],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
    await api.register(healthRoutes(ctx));
    await api.register(csrfRoutes(ctx, { secure }));
    await api.register(authRoutes(ctx));
    await api.register(logoutRoutes(ctx, { secure }));
    await api.register(oauthRoutes(ctx));
    await api.register(passwordRoutes(ctx));
    await api.register(passwordResetRoutes(ctx));
    await api.register(accountRoutes(ctx));
    await api.register(sessionRoutes(ctx));
    await api.register(participantRoutes(ctx));
    await api.register(joinInfoRoutes(ctx));
    await api.register(exportRoutes(ctx));
    await api.register(insightRoutes(ctx));
    await api.register(storyRoutes(ctx));
    await api.register(estimateSuggestionRoutes(ctx));
    await api.register(suggestionRoutes(ctx));
    await api.register(enhancedDescriptionRoutes(ctx));
    await api.register(voteRoutes(ctx));
    await api.register(teamRoutes(ctx));
    await api.register(subscriptionRoutes(ctx));
    await api.register(meetingRoutes(ctx));
    await api.register(integrationRoutes(ctx));
    // Points write-backs to Jira run after their round's answer (issue #12): let them finish (each
    // call is bounded: 10 s, at most 3 waits for Retry-After).
    app.addHook("onClose", async () => settleJiraWriteBacks(ctx));
    const adapter = lazyCloudAdapter(config, app.log);
    const cardUpdater = startCardUpdater(ctx, adapter, app.log);
    app.addHook("onClose", async () => cardUpdater.stop());
    await api.register(botRoutes(ctx, adapter, cardUpdater.cardPosted));
    await api.register(teamsMessageRoutes(ctx, adapter));
    await api.register(realtimeRoutes(ctx));
  });
  // A change of the room may complete a round: realtime/ reports each pushed round, the command
  // decides the auto-reveal (issue #24 section 2: realtime/ imports no command).
  onParticipantsPushed(ctx, (round) => autoRevealPushedRound(ctx, round));
  const roundTimers = startRoundTimerScheduler(ctx, app.log);
  app.addHook("onClose", async () => roundTimers.stop());

  await registerWebApp(app, config.tabDistDir);
  return app;
}
