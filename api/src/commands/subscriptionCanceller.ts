import type { UserRow } from "../auth/currentUser";
import { billingCall, stripeClient } from "../billing/stripeClient";
import { subscriptionStateOf } from "../billing/subscriptionState";
import type { AppContext } from "../context";
import { validationError } from "../errors";
import { commitSubscriptionState } from "./subscriptionApplier";

/**
 * Cancels the user's subscription (issue #11 section 3). With Stripe: cancel at the period's end
 * (the plan stays until currentPeriodEnd; the webhook of its end returns the user to free). In
 * self-hosted mode: back to free at once (status canceled), sessions beyond the limit locked.
 * @throws 400 VALIDATION_ERROR when, with Stripe, the user has no subscription.
 */
export async function cancelSubscription(ctx: AppContext, user: UserRow): Promise<{ message: string }> {
  const stripe = ctx.config.stripe;
  if (!stripe) {
    await commitSubscriptionState(ctx, user.id, {
      plan: "free",
      status: "canceled",
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    return { message: "Your subscription has been cancelled. You are now on the Free plan." };
  }
  if (!user.stripeSubscriptionId || user.subscriptionPlan === "free") {
    throw validationError({ plan: ["You have no subscription to cancel"] }, "You have no subscription to cancel.");
  }
  const subscriptionId = user.stripeSubscriptionId;
  const updated = await billingCall(() =>
    stripeClient(stripe).subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
  );
  const state = subscriptionStateOf(stripe, updated);
  await commitSubscriptionState(ctx, user.id, state, { syncedAt: new Date() });
  const end = state.currentPeriodEnd ? ` on ${state.currentPeriodEnd.toISOString().slice(0, 10)}` : "";
  return {
    message: `Your subscription will end at the end of the billing period${end}. You keep your plan until then.`,
  };
}
