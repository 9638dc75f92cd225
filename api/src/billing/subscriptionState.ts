import type { SUBSCRIPTION_STATUSES } from "@pointwise/core/enumerations";
import type { PaidPlan } from "@pointwise/core/plans";
import type Stripe from "stripe";
import type { StripeConfig } from "../config";

/** A stored subscription status (spec part 1 section 3). */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What a user row keeps of a Stripe subscription. */
export interface SubscriptionState {
  plan: "free" | PaidPlan;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * Stripe's subscription statuses in ours (spec part 1 section 3 knows five): unpaid counts as
 * past_due (payment failed), incomplete and paused as inactive, incomplete_expired as canceled.
 */
const STATUS_OF: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  active: "active",
  trialing: "trialing",
  past_due: "past_due",
  unpaid: "past_due",
  canceled: "canceled",
  incomplete: "inactive",
  incomplete_expired: "canceled",
  paused: "inactive",
};

/** True for the statuses that keep the paid plan: active, trialing, and past_due (sessions are not locked then, issue #11 section 2). */
export const keepsPaidPlan = (status: SubscriptionStatus): boolean =>
  status === "active" || status === "trialing" || status === "past_due";

/** The paid plan of a Stripe price id (STRIPE_PRICE_BASIC / STRIPE_PRICE_PRO), or null for another price. */
export function planOfPrice(config: StripeConfig, priceId: string | undefined): PaidPlan | null {
  if (priceId === config.prices.pro) return "pro";
  if (priceId === config.prices.basic) return "basic";
  return null;
}

/**
 * The state a Stripe subscription gives its user: the plan of its first item's price while the
 * status keeps the paid plan, otherwise free; the period end of the first item (API versions
 * since 2025 keep it on the items), else the subscription's own `current_period_end`.
 */
export function subscriptionStateOf(config: StripeConfig, subscription: Stripe.Subscription): SubscriptionState {
  const status = STATUS_OF[subscription.status] ?? "inactive";
  const item = subscription.items?.data?.[0];
  const paid = planOfPrice(config, item?.price?.id);
  const legacyEnd = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const end = item?.current_period_end ?? legacyEnd;
  return {
    plan: paid && keepsPaidPlan(status) ? paid : "free",
    status,
    currentPeriodEnd: typeof end === "number" ? new Date(end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
  };
}
