import { planStatus, sessionLimit } from "@pointwise/core/plans";
import type { SubscriptionStatusView } from "@pointwise/core/presented";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type Stripe from "stripe";
import { ANY_CALLER } from "../../auth/callerGate";
import { requireUser } from "../../auth/currentUser";
import { publicOrigin } from "../../auth/origins";
import { stripeClient } from "../../billing/stripeClient";
import { openBillingPortal } from "../../commands/billingPortalOpener";
import { choosePlan } from "../../commands/planChooser";
import { applyStripeEvent } from "../../commands/stripeEventApplier";
import { cancelSubscription } from "../../commands/subscriptionCanceller";
import type { AppContext } from "../../context";
import { validationError } from "../../errors";
import { ownedSessionCounts } from "../../queries/sessionCounts";
import { cancelReply, checkoutBody, checkoutReply, portalReply, statusReply, webhookReply } from "./schema";

/** The public origin for Stripe's return URLs: PUBLIC_URL, else the request's own. */
const originOf = (ctx: AppContext, request: FastifyRequest) => publicOrigin(ctx.config, request);

/**
 * The subscription routes (spec part 2 section 7; issue #11 section 3): status, choosing a plan
 * (Checkout or a direct switch in self-hosted mode), the billing portal, cancel, and Stripe's
 * webhook. Every route but the webhook needs a signed-in user; the webhook is authenticated by
 * its Stripe-Signature instead (and is CSRF-exempt, auth/csrf.ts).
 */
export const subscriptionRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get("/api/subscription/status", { schema: { response: { 200: statusReply } } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const counts = await ownedSessionCounts(ctx, user.id, monthStart);
    const view: SubscriptionStatusView = {
      plan: user.subscriptionPlan,
      status: planStatus(user.subscriptionPlan, user.subscriptionStatus),
      sessionsThisMonth: counts.thisMonth,
      sessionsOwned: counts.owned,
      limit: sessionLimit(user.subscriptionPlan),
      currentPeriodEnd: user.subscriptionCurrentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: user.subscriptionCancelAtPeriodEnd,
      // Self-hosted mode has no remote state; with Stripe, nothing is pending before a customer exists.
      synced: !ctx.config.stripe || user.stripeCustomerId === null || user.subscriptionSyncedAt !== null,
      billing: ctx.config.stripe ? "stripe" : "selfhosted",
    };
    return view;
  });

  app.post(
    "/api/subscription/create-checkout-session",
    { schema: { body: checkoutBody, response: { 200: checkoutReply } } },
    async (request) => {
      const user = await requireUser(ctx.db, request);
      return choosePlan(ctx, user, request.body.plan, originOf(ctx, request));
    },
  );

  app.post(
    "/api/subscription/create-portal-session",
    { schema: { response: { 200: portalReply } } },
    async (request) => {
      const user = await requireUser(ctx.db, request);
      return openBillingPortal(ctx, user, originOf(ctx, request));
    },
  );

  app.post("/api/subscription/cancel", { schema: { response: { 200: cancelReply } } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    return cancelSubscription(ctx, user);
  });

  // The webhook reads its body as bytes: the signature is over the exact payload Stripe sent.
  await app.register(async (scoped) => {
    scoped.removeContentTypeParser("application/json");
    scoped.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scoped.post(
      "/api/subscription/webhook",
      { config: ANY_CALLER, schema: { response: { 200: webhookReply } } },
      async (request) => {
        const stripe = ctx.config.stripe;
        if (!stripe) throw validationError({ webhook: ["Billing is not configured"] }, "Billing is not configured.");
        const signature = request.headers["stripe-signature"];
        const payload = request.body;
        if (typeof signature !== "string" || !(Buffer.isBuffer(payload) || typeof payload === "string")) {
          throw validationError({ "stripe-signature": ["Missing Stripe signature or payload"] });
        }
        let event: Stripe.Event;
        try {
          event = stripeClient(stripe).webhooks.constructEvent(payload, signature, stripe.webhookSecret);
        } catch {
          throw validationError({ "stripe-signature": ["Invalid Stripe signature"] });
        }
        await applyStripeEvent(ctx, stripe, event);
        return { received: true as const };
      },
    );
  });
};
