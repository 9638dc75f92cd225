/**
 * The plans catalogue (spec part 2 section 3, "Plans catalogue"; part 1 section 3 for the stored
 * plan values). Every limit and feature gate of the server and the tab reads this file, nothing
 * else: the free plan's session limit, AI insights, Jira and the automations page.
 */

/** Plans of the catalogue, cheapest first; `selfhosted` is listed but cannot be chosen yet. */
export const CATALOGUE_PLANS = ["free", "basic", "pro", "selfhosted"] as const;
/** One plan of the catalogue. */
export type CataloguePlan = (typeof CATALOGUE_PLANS)[number];

/** Plans a user may choose (spec part 2 section 4, "Plan and billing": free, basic, pro). */
export const SELECTABLE_PLANS = ["free", "basic", "pro"] as const;
/** A plan `POST /api/subscription/create-checkout-session` accepts. */
export type SelectablePlan = (typeof SELECTABLE_PLANS)[number];
/** The paid plans billed monthly through Stripe. */
export type PaidPlan = Exclude<SelectablePlan, "free">;

/** Features a plan may include (spec part 2 sections 2, 3 and 6). */
export type PlanFeature = "aiInsights" | "jira" | "automations";

/** One plan as the settings page lists it and the gates read it. */
export interface PlanEntry {
  id: CataloguePlan;
  /** Display name. */
  name: string;
  /** Price per month in the spec's units (0, 6, 12); null when there is no price (Contact Sales). */
  monthlyPrice: number | null;
  /** "monthly" for the recurring plans, "one-time" for selfhosted. */
  billing: "monthly" | "one-time";
  /** Sessions owned at once, or null for unlimited (DESIGN.md "Decisions": free is 3 owned at once). */
  sessionLimit: number | null;
  features: readonly PlanFeature[];
  /** The lines the plan list shows under the price. */
  highlights: readonly string[];
  /** False for selfhosted (coming soon, "Contact Sales"). */
  selectable: boolean;
}

/** Sessions a free-plan user may own at once (DESIGN.md "Decisions"; spec part 1 section 9). */
export const FREE_PLAN_SESSION_LIMIT = 3;

/** The catalogue, cheapest first (spec part 2 section 3). */
export const PLANS: readonly PlanEntry[] = [
  {
    id: "free",
    name: "Free",
    monthlyPrice: 0,
    billing: "monthly",
    sessionLimit: FREE_PLAN_SESSION_LIMIT,
    features: [],
    highlights: [`${FREE_PLAN_SESSION_LIMIT} sessions`, "Real-time voting", "Anonymous guests"],
    selectable: true,
  },
  {
    id: "basic",
    name: "Basic",
    monthlyPrice: 6,
    billing: "monthly",
    sessionLimit: null,
    features: ["aiInsights"],
    highlights: ["Unlimited sessions", "AI insights"],
    selectable: true,
  },
  {
    id: "pro",
    name: "Pro",
    monthlyPrice: 12,
    billing: "monthly",
    sessionLimit: null,
    features: ["aiInsights", "jira", "automations"],
    highlights: ["Everything in Basic", "Jira integration", "Automations"],
    selectable: true,
  },
  {
    id: "selfhosted",
    name: "Self-hosted",
    monthlyPrice: null,
    billing: "one-time",
    sessionLimit: null,
    features: ["aiInsights", "jira", "automations"],
    highlights: ["Run it on your own servers", "One-time purchase"],
    selectable: false,
  },
];

/**
 * The catalogue entry of a stored plan. The database also knows `enterprise` (spec part 1
 * section 3), which no catalogue lists: it counts as pro, the highest plan one can buy. Any
 * other unknown value counts as free.
 */
export function planEntry(plan: string): PlanEntry {
  const id = plan === "enterprise" ? "pro" : plan;
  return PLANS.find((p) => p.id === id) ?? (PLANS[0] as PlanEntry);
}

/** Sessions a user on `plan` may own at once, or null for unlimited. */
export function sessionLimit(plan: string): number | null {
  return planEntry(plan).sessionLimit;
}

/**
 * The status of a user's plan as shown (GET /api/subscription/status; issue #22): the free plan
 * needs no subscription, so it is always active; a paid plan has its subscription's status
 * (active, trialing, past_due, canceled). The stored column keeps the raw value (default
 * `inactive`, spec part 1 section 3; `canceled` once a paid subscription ended), which only
 * matters while a paid plan is held.
 */
export function planStatus(plan: string, subscriptionStatus: string): string {
  return planEntry(plan).id === "free" ? "active" : subscriptionStatus;
}

/**
 * Why a user cannot create one more session, or null when they can (DESIGN.md "Decisions": free
 * is 3 owned at once; issue #11 section 2). `limit`: the plan's limit is reached (owned counts
 * archived and locked sessions too); `inactive`: a past_due paid plan, which may create up to
 * the free limit and no more. The one rule of the server's gate (policies/planPolicy) and of every
 * web app entry point to the Create Session form, which checks it before the form opens (issue #22).
 */
export type SessionSlotRefusal =
  | { reason: "limit"; limit: number; owned: number }
  | { reason: "inactive"; owned: number };

/** See {@link SessionSlotRefusal}. `status` is the stored (or planStatus) subscription status; `owned` the sessions the user created. */
export function sessionSlotRefusal(plan: string, status: string, owned: number): SessionSlotRefusal | null {
  const limit = sessionLimit(plan);
  if (limit !== null && owned >= limit) return { reason: "limit", limit, owned };
  if (status === "past_due" && owned >= FREE_PLAN_SESSION_LIMIT) return { reason: "inactive", owned };
  return null;
}

/** True when `plan` includes `feature` (AI insights: basic and up; Jira and automations: pro and up). */
export function planAllows(plan: string, feature: PlanFeature): boolean {
  return planEntry(plan).features.includes(feature);
}

/** The cheapest selectable plan with `feature`: the `requiredPlan` of PLAN_UPGRADE_REQUIRED. */
export function requiredPlanFor(feature: PlanFeature): SelectablePlan {
  const entry = PLANS.find((p) => p.selectable && p.features.includes(feature));
  return (entry?.id ?? "pro") as SelectablePlan;
}

/** True when `plan` is a paid, selectable plan (basic or pro). */
export function isPaidPlan(plan: string): plan is PaidPlan {
  return plan === "basic" || plan === "pro";
}

/** Rank of a plan in the catalogue (free 0, basic 1, pro 2, selfhosted 3): Upgrade vs Downgrade in the plan list. */
export function planRank(plan: string): number {
  return PLANS.indexOf(planEntry(plan));
}
