import { safeReturnPath } from "@pointwise/core/returnTo";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../auth/currentUser";
import { ProviderClients, ProviderFailure } from "../../auth/oauth/providerClients";
import { enabledProviders, PROVIDER_LABELS, PROVIDER_NAMES, type ProviderName } from "../../auth/oauth/providerConfig";
import { publicOrigin } from "../../auth/origins";
import { type PendingFlow, startUserSession } from "../../auth/signIn";
import { linkProvider, signInWithProvider, unlinkProvider } from "../../commands/oauthAccounts";
import { acceptTeamInvitationsByEmail } from "../../commands/teamInvitationAccepter";
import type { AppContext } from "../../context";
import { notFound, rateLimited } from "../../errors";

/** How long a started flow waits for its callback. */
const FLOW_MS = 10 * 60 * 1000;
const WINDOW = "15 minutes";

const providerParam = z.object({ provider: z.enum(PROVIDER_NAMES) });
type FlowProvider = Exclude<ProviderName, "bluesky">;

/**
 * Sign-in with Google, Microsoft, GitHub and X (issue #13 sections 1 and 3):
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
      if (!flow || flow.provider !== provider || flow.expiresAt < Date.now() || query.state !== flow.state) {
        return back(flow?.mode, "state_mismatch");
      }
      if (typeof query.error === "string") {
        return back(flow.mode, query.error === "access_denied" ? "cancelled" : "provider_error");
      }
      let profile: Awaited<ReturnType<ProviderClients["finish"]>>;
      try {
        const here = new URL(request.url, `${origin(request)}/`);
        const current = new URL(callbackUrl(request, provider));
        current.search = here.search;
        profile = await clients.finish(provider, current, flow);
      } catch (err) {
        if (!(err instanceof ProviderFailure)) throw err;
        request.log.warn({ err: err.message, provider }, "sign-in provider refused the callback");
        return back(flow.mode, "provider_error");
      }
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
    },
  );

  /** The end of a Settings link flow: only for the user who started it, still signed in. */
  async function finishLink(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: ProviderName,
    flow: PendingFlow,
    profile: Awaited<ReturnType<ProviderClients["finish"]>>,
  ) {
    const user = await requireUser(ctx.db, request).catch(() => null);
    if (!user || user.id !== flow.userId) return reply.redirect(`/login?error=state_mismatch&provider=${provider}`);
    const result = await linkProvider(ctx.db, user, provider, profile.subject, profile.email);
    if (result.kind === "error") return reply.redirect(`/settings?error=${result.error}&provider=${provider}`);
    return reply.redirect(`/settings?linked=${provider}`);
  }
};
