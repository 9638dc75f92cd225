import { randomBytes } from "node:crypto";
import { safeReturnPath } from "@pointwise/core/returnTo";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../auth/currentUser";
import {
  BLUESKY_PATHS,
  BlueskyClients,
  BlueskyDenied,
  BlueskyStateMismatch,
  blueskyClientMetadata,
  HandleNotResolved,
  normalizeBlueskyIdentifier,
} from "../../auth/oauth/blueskyClient";
import { ProviderClients, ProviderFailure, type ProviderProfile } from "../../auth/oauth/providerClients";
import { enabledProviders, PROVIDER_LABELS, PROVIDER_NAMES, type ProviderName } from "../../auth/oauth/providerConfig";
import { publicOrigin } from "../../auth/origins";
import { type PendingFlow, startUserSession } from "../../auth/signIn";
import { linkProvider, signInWithProvider, unlinkProvider } from "../../commands/oauthAccounts";
import { acceptTeamInvitationsByEmail } from "../../commands/teamInvitationAccepter";
import type { AppContext } from "../../context";
import { notFound, rateLimited, validationError } from "../../errors";
import { secretKeysOf } from "../../integrations/secretBox";

/** How long a started flow waits for its callback. */
const FLOW_MS = 10 * 60 * 1000;
const WINDOW = "15 minutes";

const providerParam = z.object({ provider: z.enum(PROVIDER_NAMES) });
type FlowProvider = Exclude<ProviderName, "bluesky">;
/** The Bluesky handle (or DID) field: `?handle=` of the start route, `{handle}` of the link route. */
const handleField = z.string().max(300).optional();
/** The 400 for a missing or malformed handle. */
const handleInvalid = () =>
  validationError(
    { handle: ["Enter your Bluesky handle, like alice.bsky.social (or your DID)"] },
    "Enter your Bluesky handle, like alice.bsky.social (or your DID)",
  );

/**
 * Sign-in with Google, Microsoft, GitHub, X and Bluesky (issue #13 sections 1 and 3):
 * - `GET /api/auth/providers` -> `{providers}`, the enabled ones in button order;
 * - `GET /api/auth/{provider}` starts the flow (302 to the provider; `?returnTo=` a same-origin path);
 * - `GET /api/auth/{provider}/callback` finishes it and redirects: to returnTo or `/` when signed
 *   in; to `/login?link={provider}` when the verified e-mail belongs to an account that must be
 *   proved first; to `/login?error=...` (cancelled, provider_error, state_mismatch) otherwise;
 *   link flows return to `/settings?linked={provider}` or `/settings?error=...`;
 * - `POST /api/auth/link/{provider}` (signed in, CSRF) starts linking: `{url}` to send the
 *   browser to (a form post gets a 303 there);
 * - `DELETE /api/auth/providers/{provider}` unlinks: `{providers}` left; 404 when not linked;
 *   409 LAST_SIGN_IN_METHOD when it is the only way in.
 * The flow's state, PKCE verifier and nonce live in the server-side session (one flow at a time,
 * single use, 10 minutes). Starts share the login budget per IP (AUTH_RATE_LIMIT_IP).
 *
 * Bluesky (AT Protocol OAuth, auth/oauth/blueskyClient.ts) has its own start and link routes, as
 * it needs the person's handle first:
 * - `GET /api/auth/bluesky?handle=alice.bsky.social` (`&returnTo=`) starts the flow; 400
 *   VALIDATION_ERROR when `handle` is missing or not a handle or DID; a handle that does not
 *   resolve returns to `/login?error=handle_not_found&provider=bluesky`;
 * - `POST /api/auth/link/bluesky {handle}` starts linking (`{url}`, or a 303 for a form post;
 *   an unresolvable handle gives `{url: "/settings?error=handle_not_found&provider=bluesky"}`);
 * - `GET /api/auth/bluesky/callback` as the other callbacks;
 * - `GET /api/auth/bluesky/client-metadata.json`: our client metadata (the client_id of an
 *   https deployment); 404 for the loopback development client, which has none.
 */
export const oauthRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const clients = new ProviderClients(ctx.config.oauth);
  const enabled = enabledProviders(ctx.config.oauth);
  const ipLimiter = app.createRateLimit({ max: ctx.config.authRateLimitIp, timeWindow: WINDOW });
  const perIp = async (request: FastifyRequest) => {
    const verdict = await ipLimiter(request);
    if (!verdict.isAllowed && verdict.isExceeded) throw rateLimited(verdict.ttlInSeconds);
  };
  /** The provider when enabled. @throws AppError 404 NOT_FOUND when it is not configured. */
  const enabledOrThrow = (provider: ProviderName): FlowProvider => {
    if (!enabled.includes(provider)) throw notFound(`Sign-in with ${PROVIDER_LABELS[provider]} is not enabled`);
    return provider as FlowProvider;
  };
  const origin = (request: FastifyRequest) => publicOrigin(ctx.config, request);
  const callbackUrl = (request: FastifyRequest, provider: ProviderName) =>
    `${origin(request)}/api/auth/${provider}/callback`;

  /** Starts a flow and keeps its secrets in the session; answers the provider's URL. */
  const begin = async (
    request: FastifyRequest,
    provider: FlowProvider,
    flow: Pick<PendingFlow, "mode" | "userId" | "returnTo">,
  ): Promise<string> => {
    const { url, secrets } = await clients.start(provider, callbackUrl(request, provider));
    request.session.oauthFlow = { ...flow, ...secrets, provider, expiresAt: Date.now() + FLOW_MS };
    await request.session.save();
    return url.toString();
  };

  app.get("/api/auth/providers", async () => ({ providers: enabled }));

  const production = ctx.config.nodeEnv === "production";
  const bluesky = ctx.config.oauth.bluesky
    ? new BlueskyClients({ db: ctx.db, settings: ctx.config.oauth.bluesky, keys: secretKeysOf(ctx), production })
    : undefined;
  /** The Bluesky client. @throws AppError 404 NOT_FOUND when Bluesky is not enabled. */
  const blueskyOrThrow = (): BlueskyClients => {
    if (!bluesky) throw notFound(`Sign-in with ${PROVIDER_LABELS.bluesky} is not enabled`);
    return bluesky;
  };
  /** The typed handle, normalised. @throws AppError 400 VALIDATION_ERROR when missing or malformed. */
  const blueskyIdentifier = (handle: string | undefined): string => {
    const identifier = handle ? normalizeBlueskyIdentifier(handle) : null;
    if (!identifier) throw handleInvalid();
    return identifier;
  };
  /**
   * Starts a Bluesky flow and keeps its state in the session; answers where to send the browser:
   * the authorization server, or `failurePage` with the reason (handle_not_found, provider_error).
   */
  const beginBluesky = async (
    request: FastifyRequest,
    client: BlueskyClients,
    identifier: string,
    flow: Pick<PendingFlow, "mode" | "userId" | "returnTo">,
    failurePage: "/login" | "/settings",
  ): Promise<string> => {
    const state = randomBytes(24).toString("base64url");
    try {
      const url = await client.start(origin(request), identifier, state);
      request.session.oauthFlow = { ...flow, state, provider: "bluesky", expiresAt: Date.now() + FLOW_MS };
      await request.session.save();
      return url.toString();
    } catch (err) {
      if (err instanceof HandleNotResolved) {
        request.log.info({ err: err.message }, "Bluesky handle not resolved");
        return `${failurePage}?error=handle_not_found&provider=bluesky`;
      }
      if (!(err instanceof ProviderFailure)) throw err;
      request.log.warn({ err: err.message, provider: "bluesky" }, "sign-in provider unreachable");
      return `${failurePage}?error=provider_error&provider=bluesky`;
    }
  };

  app.get(BLUESKY_PATHS.clientMetadata, async (request, reply) => {
    blueskyOrThrow();
    const metadata = blueskyClientMetadata(origin(request), production);
    if (!metadata?.client_id?.startsWith("https:")) {
      throw notFound("The Bluesky client metadata is served on an https PUBLIC_URL only");
    }
    return reply.type("application/json").header("cache-control", "public, max-age=600").send(metadata);
  });

  app.get(
    "/api/auth/bluesky",
    { onRequest: perIp, schema: { querystring: z.object({ handle: handleField, returnTo: z.string().optional() }) } },
    async (request, reply) => {
      const client = blueskyOrThrow();
      const identifier = blueskyIdentifier(request.query.handle);
      const returnTo = safeReturnPath(request.query.returnTo) ?? undefined;
      return reply.redirect(await beginBluesky(request, client, identifier, { mode: "signIn", returnTo }, "/login"));
    },
  );

  app.post(
    "/api/auth/link/bluesky",
    { onRequest: perIp, schema: { body: z.object({ handle: handleField }).optional() } },
    async (request, reply) => {
      const user = await requireUser(ctx.db, request);
      const client = blueskyOrThrow();
      const identifier = blueskyIdentifier(request.body?.handle);
      const url = await beginBluesky(request, client, identifier, { mode: "link", userId: user.id }, "/settings");
      if (request.headers.accept?.includes("text/html")) return reply.redirect(url, 303);
      return { url };
    },
  );

  app.get(
    BLUESKY_PATHS.callback,
    { schema: { querystring: z.record(z.string(), z.unknown()) } },
    async (request, reply) => {
      const client = blueskyOrThrow();
      const flow = request.session.oauthFlow;
      const back = (mode: PendingFlow["mode"] | undefined, error: string) =>
        reply.redirect(`${mode === "link" ? "/settings" : "/login"}?error=${error}&provider=bluesky`);
      if (flow) {
        request.session.oauthFlow = undefined;
        await request.session.save();
      }
      if (flow?.provider !== "bluesky" || flow.expiresAt < Date.now()) return back(flow?.mode, "state_mismatch");
      let profile: ProviderProfile;
      try {
        profile = await client.finish(
          origin(request),
          new URL(request.url, "http://callback").searchParams,
          flow.state,
        );
      } catch (err) {
        if (err instanceof BlueskyStateMismatch) return back(flow.mode, "state_mismatch");
        if (err instanceof BlueskyDenied)
          return back(flow.mode, err.error === "access_denied" ? "cancelled" : "provider_error");
        if (!(err instanceof ProviderFailure)) throw err;
        request.log.warn({ err: err.message, provider: "bluesky" }, "sign-in provider refused the callback");
        return back(flow.mode, "provider_error");
      }
      return complete(request, reply, "bluesky", flow, profile);
    },
  );

  app.get(
    "/api/auth/:provider",
    { onRequest: perIp, schema: { params: providerParam, querystring: z.object({ returnTo: z.string().optional() }) } },
    async (request, reply) => {
      const provider = enabledOrThrow(request.params.provider);
      const returnTo = safeReturnPath(request.query.returnTo) ?? undefined;
      try {
        return reply.redirect(await begin(request, provider, { mode: "signIn", returnTo }));
      } catch (err) {
        request.log.warn({ err, provider }, "sign-in provider unreachable");
        return reply.redirect(`/login?error=provider_error&provider=${provider}`);
      }
    },
  );

  app.post(
    "/api/auth/link/:provider",
    { onRequest: perIp, schema: { params: providerParam } },
    async (request, reply) => {
      const user = await requireUser(ctx.db, request);
      const provider = enabledOrThrow(request.params.provider);
      const url = await begin(request, provider, { mode: "link", userId: user.id });
      if (request.headers.accept?.includes("text/html")) return reply.redirect(url, 303);
      return { url };
    },
  );

  app.delete("/api/auth/providers/:provider", { schema: { params: providerParam } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    return { providers: await unlinkProvider(ctx.db, user, request.params.provider) };
  });

  app.get(
    "/api/auth/:provider/callback",
    { schema: { params: providerParam, querystring: z.record(z.string(), z.unknown()) } },
    async (request, reply) => {
      const provider = enabledOrThrow(request.params.provider);
      const flow = request.session.oauthFlow;
      const query = request.query as Record<string, unknown>;
      const back = (mode: PendingFlow["mode"] | undefined, error: string) =>
        reply.redirect(`${mode === "link" ? "/settings" : "/login"}?error=${error}&provider=${provider}`);
      // Single use: whatever happens next, this flow cannot be finished twice.
      if (flow) {
        request.session.oauthFlow = undefined;
        await request.session.save();
      }
      const codeVerifier = flow?.codeVerifier;
      if (!flow || flow.provider !== provider || flow.expiresAt < Date.now() || query.state !== flow.state) {
        return back(flow?.mode, "state_mismatch");
      }
      if (!codeVerifier) return back(flow.mode, "state_mismatch");
      if (typeof query.error === "string") {
        return back(flow.mode, query.error === "access_denied" ? "cancelled" : "provider_error");
      }
      let profile: ProviderProfile;
      try {
        const here = new URL(request.url, `${origin(request)}/`);
        const current = new URL(callbackUrl(request, provider));
        current.search = here.search;
        profile = await clients.finish(provider, current, { ...flow, codeVerifier });
      } catch (err) {
        if (!(err instanceof ProviderFailure)) throw err;
        request.log.warn({ err: err.message, provider }, "sign-in provider refused the callback");
        return back(flow.mode, "provider_error");
      }
      return complete(request, reply, provider, flow, profile);
    },
  );

  /**
   * The end of every provider's callback once the profile is known: link it (Settings), or sign
   * in (a new session id), or keep it pending until the existing account is proved.
   */
  async function complete(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: ProviderName,
    flow: PendingFlow,
    profile: ProviderProfile,
  ) {
    if (flow.mode === "link") return finishLink(request, reply, provider, flow, profile);
    const outcome = await signInWithProvider(ctx.db, provider, profile);
    if (outcome.kind === "needsProof") {
      request.session.pendingLink = outcome.pending;
      await request.session.save();
      return reply.redirect(`/login?link=${provider}`);
    }
    await acceptTeamInvitationsByEmail(ctx, outcome.user); // issue #11 section 1
    await startUserSession(ctx.db, request, outcome.user, false);
    return reply.redirect(flow.returnTo ?? "/");
  }

  /** The end of a Settings link flow: only for the user who started it, still signed in. */
  async function finishLink(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: ProviderName,
    flow: PendingFlow,
    profile: ProviderProfile,
  ) {
    const user = await requireUser(ctx.db, request).catch(() => null);
    if (!user || user.id !== flow.userId) return reply.redirect(`/login?error=state_mismatch&provider=${provider}`);
    const result = await linkProvider(ctx.db, user, provider, profile.subject, profile.email);
    if (result.kind === "error") return reply.redirect(`/settings?error=${result.error}&provider=${provider}`);
    return reply.redirect(`/settings?linked=${provider}`);
  }
};
