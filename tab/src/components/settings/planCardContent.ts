import { type PlanEntry, planEntry, planRank } from "@pointwise/core/plans";
import type { SubscriptionStatusView } from "@pointwise/core/presented";

/** What one card of the plan list shows. */
export interface PlanCardContent {
  /** Outlined as the plan in force. */
  current: boolean;
  /** The button: Current, Upgrade, Downgrade or Contact Sales. */
  label: "Current" | "Upgrade" | "Downgrade" | "Contact Sales";
  /** The button may be pressed (a selectable plan other than the user's). */
  choosable: boolean;
  /** The price line: "$6 / month", "Free", "Contact Sales" or, self-hosted here, "Runs on this server". */
  price: string;
  /** A badge under the price, if any: "Coming soon", or "This server" on a self-hosted server. */
  badge: "Coming soon" | "This server" | null;
  highlights: readonly string[];
}

/** The price line of a plan in the catalogue: "$6 / month", "Free", or "Contact Sales". */
const priceOf = (plan: PlanEntry) =>
  plan.monthlyPrice === null ? "Contact Sales" : plan.monthlyPrice === 0 ? "Free" : `$${plan.monthlyPrice} / month`;

/**
 * One card of the plan list of /settings (issue #11 section 4; catalogue in core/plans): Current
 * on the user's plan, Upgrade above it, Downgrade below it; selfhosted is "Contact Sales" and
 * "Coming soon" (spec part 2 section 3). On a self-hosted server (`billing: "selfhosted"`, no
 * STRIPE_SECRET_KEY) the Self-hosted card is what is running, so it shows as current, "This
 * server", with what that means (issue #22); the other plans still set the user's features and
 * switch at once, free of charge.
 */
export function planCardContent(
  plan: PlanEntry,
  currentPlan: string,
  billing: SubscriptionStatusView["billing"] | undefined,
): PlanCardContent {
  const current = planEntry(currentPlan).id;
  if (!plan.selectable) {
    if (billing === "selfhosted") {
      return {
        current: true,
        label: "Current",
        choosable: false,
        price: "Runs on this server",
        badge: "This server",
        highlights: ["Your own server, no billing", "The plans here switch at once, free of charge"],
      };
    }
    return {
      current: false,
      label: "Contact Sales",
      choosable: false,
      price: priceOf(plan),
      badge: "Coming soon",
      highlights: plan.highlights,
    };
  }
  const isCurrent = plan.id === current;
  return {
    current: isCurrent,
    label: isCurrent ? "Current" : planRank(plan.id) > planRank(current) ? "Upgrade" : "Downgrade",
    choosable: !isCurrent,
    price: priceOf(plan),
    badge: null,
    highlights: plan.highlights,
  };
}
