import { planEntry, type SelectablePlan } from "@pointwise/core/plans";
import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { UserRow } from "../auth/currentUser";
import { billingCall, stripeClient } from "../billing/stripeClient";
import { keepsPaidPlan, type SubscriptionStatus, subscriptionStateOf } from "../billing/subscriptionState";
import type { StripeConfig } from "../config";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { commitSubscriptionState } from "./subscriptionApplier";
import { cancelSubscription } from "./subscriptionCanceller";

/**
 * The answer of `POST /api/subscription/create-checkout-session` (spec part 2 section 7): a
 * Checkout URL to send the browser to, or the plan switched at once (`upgraded`).
 */
export type PlanChoice = { url: string } | { upgraded: boolean; plan: string; message: string };

/** The message of a plan switched at once (spec part 2 section 4: "upgrades immediately"). */
const switchedTo = (plan: string) => `You're now on the ${planEntry(plan).name} plan.`;

/**
 * The user's Stripe customer: the stored one, else one created now (idempotency key per user, so
 * two concurrent checkouts get the same customer) and stored.
 */
export async function stripeCustomerOf(ctx: AppContext, stripe: StripeConfig, user: UserRow): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const customer = await billingCall(() =>
    stripeClient(stripe).customers.create(
      { ...(user.email ? { email: user.email } : {}), ...(name ? { name } : {}), metadata: { userId: user.id } },
      { idempotencyKey: `pointwise-customer-${user.id}` },
    ),
  );
  const [stored] = await ctx.db
    .update(users)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)))
    .returning({ id: users.stripeCustomerId });
  if (stored?.id) return stored.id;
  const [row] = await ctx.db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
  return row?.id ?? customer.id;
}

/**
 * Chooses `plan` for the user (issue #11 section 3).
 * - Self-hosted mode (no STRIPE_SECRET_KEY): the plan, free included, is switched at once
 *   (status active, or inactive for free) and the sessions locked or unlocked.
 * - Stripe, a paid plan with a live subscription (active, trialing, past_due): the subscription's
 *   price is changed in place (prorated, any pending cancellation withdrawn) and applied at once.
 * - Stripe, a paid plan otherwise: a Checkout Session in subscription mode for the plan's price,
 *   the customer created once and reused, the user id as client reference; answers its URL.
 * - Stripe, free: the subscription is cancelled at the period's end (as `POST /cancel`).
 * `origin` is the public origin for the success (`/settings?success=true`) and cancel
 * (`/subscription/cancel`) URLs.
 */
export async function choosePlan(
  ctx: AppContext,
  user: UserRow,
  plan: SelectablePlan,
  origin: string,
): Promise<PlanChoice> {
  const stripe = ctx.config.stripe;
  if (!stripe) {
    await commitSubscriptionState(ctx, user.id, {
      plan,
      status: plan === "free" ? "inactive" : "active",
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    return { upgraded: true, plan, message: switchedTo(plan) };
  }
  const live =
    user.stripeSubscriptionId !== null && keepsPaidPlan(user.subscriptionStatus as SubscriptionStatus)
      ? user.stripeSubscriptionId
      : null;
  if (plan === "free") {
    if (!live) return { upgraded: false, plan: "free", message: switchedTo("free") };
    const { message } = await cancelSubscription(ctx, user);
    return { upgraded: false, plan: user.subscriptionPlan, message };
  }
  const price = stripe.prices[plan];
  if (live) {
    const client = stripeClient(stripe);
    const current = await billingCall(() => client.subscriptions.retrieve(live));
    const item = current.items.data[0];
    const updated: Stripe.Subscription = await billingCall(() =>
      client.subscriptions.update(live, {
        items: [{ ...(item ? { id: item.id } : {}), price }],
        proration_behavior: "create_prorations",
        cancel_at_period_end: false,
      }),
    );
    await commitSubscriptionState(ctx, user.id, subscriptionStateOf(stripe, updated), { syncedAt: new Date() });
    return { upgraded: true, plan, message: switchedTo(plan) };
  }
  const customer = await stripeCustomerOf(ctx, stripe, user);
  const checkout = await billingCall(() =>
    stripeClient(stripe).checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: user.id,
      line_items: [{ price, quantity: 1 }],
      success_url: `${origin}/settings?success=true`,
      cancel_url: `${origin}/subscription/cancel`,
      subscription_data: { metadata: { userId: user.id, plan } },
      metadata: { userId: user.id, plan },
    }),
  );
  if (!checkout.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return { url: checkout.url };
}
