import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { billingCall, stripeClient } from "../billing/stripeClient";
import { keepsPaidPlan, subscriptionStateOf } from "../billing/subscriptionState";
import type { StripeConfig } from "../config";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import { stripeEvents, users } from "../db/schema";
import { publishLockChanges } from "./sessionLocker";
import { applySubscriptionState } from "./subscriptionApplier";

/** The webhook events that change a subscription (issue #11 section 3); others are acknowledged and ignored. */
export const HANDLED_EVENTS = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id field that may be expanded into an object. */
const idOf = (value: unknown): string | undefined =>
  typeof value === "string" ? value : (value as { id?: string } | null | undefined)?.id;

/** The customer, the subscription and (checkout only) the client reference an event's object names. */
function referencesOf(event: Stripe.Event): { customer?: string; subscription?: string; userId?: string } {
  const object = event.data.object as unknown as Record<string, unknown>;
  const customer = idOf(object.customer);
  if (event.type === "checkout.session.completed") {
    const reference = object.client_reference_id;
    return {
      customer,
      subscription: idOf(object.subscription),
      userId: typeof reference === "string" && UUID.test(reference) ? reference : undefined,
    };
  }
  if (event.type.startsWith("customer.subscription.")) return { customer, subscription: idOf(object.id) };
  // Invoices: API versions since 2025 name the subscription under parent.subscription_details.
  const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return { customer, subscription: idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription) };
}

/**
 * Applies one verified webhook event, once (issue #11 section 3). Out of order is safe because
 * the event only says which subscription changed: its current state is re-read from Stripe and
 * applied, so an older event arriving late applies today's state, never its own stale copy.
 * A late event about an earlier subscription that has ended does not overwrite the user's
 * current live one. The event id is stored in the same transaction as the change, so a replay
 * (or Stripe's retry after a success) changes nothing, and a failure leaves it for the retry.
 * @returns "applied", "duplicate" (already processed) or "ignored" (not ours, no user, unknown subscription).
 */
export async function applyStripeEvent(
  ctx: AppContext,
  stripe: StripeConfig,
  event: Stripe.Event,
): Promise<"applied" | "duplicate" | "ignored"> {
  const [seen] = await ctx.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return "duplicate";
  const record = (tx: Tx) =>
    tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, created: new Date(event.created * 1000) })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
  const refs = HANDLED_EVENTS.has(event.type) ? referencesOf(event) : {};
  const user = await userOf(ctx, refs.customer, refs.userId);
  const subscriptionId = refs.subscription ?? user?.stripeSubscriptionId ?? undefined;
  if (!user || !subscriptionId) {
    const inserted = await ctx.db.transaction(record);
    return inserted.length > 0 ? "ignored" : "duplicate";
  }
  const subscription = await billingCall(() => stripeClient(stripe).subscriptions.retrieve(subscriptionId), {
    allowMissing: true,
  });
  if (!subscription) {
    const inserted = await ctx.db.transaction(record);
    return inserted.length > 0 ? "ignored" : "duplicate";
  }
  const state = subscriptionStateOf(stripe, subscription);
  const current = user.stripeSubscriptionId;
  const stale = current !== null && current !== subscription.id && !keepsPaidPlan(state.status);
  const outcome = await ctx.db.transaction(async (tx) => {
    const inserted = await record(tx);
    if (inserted.length === 0) return { result: "duplicate" as const, changed: [] };
    if (stale) return { result: "ignored" as const, changed: [] };
    const changed = await applySubscriptionState(tx, user.id, state, {
      stripeCustomerId: idOf(subscription.customer) ?? refs.customer,
      stripeSubscriptionId: subscription.id,
      syncedAt: new Date(),
    });
    return { result: "applied" as const, changed };
  });
  await publishLockChanges(ctx, outcome.changed);
  return outcome.result;
}

/** The user of a Stripe customer id, else of a checkout's client reference (a user id). */
async function userOf(ctx: AppContext, customer: string | undefined, userId: string | undefined) {
  if (customer) {
    const [byCustomer] = await ctx.db.select().from(users).where(eq(users.stripeCustomerId, customer));
    if (byCustomer) return byCustomer;
  }
  if (!userId) return null;
  const [byReference] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return byReference ?? null;
}
