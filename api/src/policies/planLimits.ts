/** Sessions a free-plan user may own at once (DESIGN.md "Decisions"; spec part 1 section 9). */
const FREE_PLAN_SESSION_LIMIT = 3;

/** The session limit of a plan, or null for unlimited (spec part 2 section 3, plans catalogue). */
export function sessionLimitOf(plan: string): number | null {
  return plan === "free" ? FREE_PLAN_SESSION_LIMIT : null;
}

/** True when `plan` includes AI insights (spec part 2 sections 3 and 6: basic and pro; enterprise is above pro). */
export function planHasInsights(plan: string): boolean {
  return plan === "basic" || plan === "pro" || plan === "enterprise";
}
