import { type PlanFeature, planAllows, requiredPlanFor, sessionSlotRefusal } from "@pointwise/core/plans";
import { planUpgradeRequired, subscriptionInactive, subscriptionLimitReached } from "../errors";

/** The subscription fields of a user row the plan gates read. */
export interface PlanHolder {
  subscriptionPlan: string;
  subscriptionStatus: string;
}

/**
 * True when `holder` may use `feature` now: the feature is in the holder's plan and the plan is
 * paid up (not `past_due`). The rule of {@link requirePlanFeature}, for a caller that decides
 * instead of refusing (the Jira write-back after a completion picks whose connection to use).
 */
export function planFeatureAllowed(holder: PlanHolder, feature: PlanFeature): boolean {
  return planAllows(holder.subscriptionPlan, feature) && holder.subscriptionStatus !== "past_due";
}

/**
 * The gate of a plan feature (core/plans catalogue; spec part 2 sections 3 and 6): the feature
 * must be in the holder's plan, and a paid plan whose payment failed (`past_due`) does not
 * count until it is paid (issue #11 section 2).
 * @throws 403 PLAN_UPGRADE_REQUIRED {requiredPlan, currentPlan} when the plan lacks the feature.
 * @throws 403 SUBSCRIPTION_INACTIVE when the plan has it but its status is past_due.
 */
export function requirePlanFeature(holder: PlanHolder, feature: PlanFeature): void {
  if (!planAllows(holder.subscriptionPlan, feature)) {
    throw planUpgradeRequired(requiredPlanFor(feature), holder.subscriptionPlan);
  }
  if (holder.subscriptionStatus === "past_due") throw subscriptionInactive();
}

/**
 * The gate of creating one more session when the holder owns `owned` (core sessionSlotRefusal,
 * the rule the web app also checks before its Create Session form opens: DESIGN.md "Decisions",
 * free is 3 owned at once). Beyond the free limit a paid plan is needed, so a past_due paid plan
 * may still create up to the free limit and no more.
 * @throws 403 SUBSCRIPTION_LIMIT_REACHED {currentPlan, limit, currentSessions} at the plan's limit.
 * @throws 403 SUBSCRIPTION_INACTIVE past the free limit on a past_due paid plan.
 */
export function requireSessionSlot(holder: PlanHolder, owned: number): void {
  const refusal = sessionSlotRefusal(holder.subscriptionPlan, holder.subscriptionStatus, owned);
  if (refusal?.reason === "limit") throw subscriptionLimitReached(holder.subscriptionPlan, refusal.limit, owned);
  if (refusal?.reason === "inactive") throw subscriptionInactive();
}
