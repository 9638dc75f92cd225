import type { UserRow } from "../auth/currentUser";
import { billingCall, stripeClient } from "../billing/stripeClient";
import type { AppContext } from "../context";
import { validationError } from "../errors";
import { stripeCustomerOf } from "./planChooser";

/**
 * A Stripe billing portal session for the user (issue #11 section 3), returning to
 * `/settings/billing`; the customer is created if the user has none yet.
 * @throws 400 VALIDATION_ERROR in self-hosted mode (no billing configured).
 */
export async function openBillingPortal(ctx: AppContext, user: UserRow, origin: string): Promise<{ url: string }> {
  const stripe = ctx.config.stripe;
  if (!stripe) {
    throw validationError(
      { billing: ["Billing is not configured on this server"] },
      "Billing is not configured on this server (self-hosted mode).",
    );
  }
  const customer = await stripeCustomerOf(ctx, stripe, user);
  const portal = await billingCall(() =>
    stripeClient(stripe).billingPortal.sessions.create({ customer, return_url: `${origin}/settings/billing` }),
  );
  return { url: portal.url };
}
