import { AppError } from "../errors";
import { requirePlanFeature, requireSessionSlot } from "./planPolicy";

const codeOf = (run: () => void): string | null => {
  try {
    run();
    return null;
  } catch (err) {
    return err instanceof AppError ? `${err.code} ${JSON.stringify(err.extra)}` : "other";
  }
};

describe("plan gates read the catalogue (core/plans)", () => {
  it("answers PLAN_UPGRADE_REQUIRED with the cheapest plan that has the feature", () => {
    const free = { subscriptionPlan: "free", subscriptionStatus: "inactive" };
    expect(codeOf(() => requirePlanFeature(free, "aiInsights"))).toBe(
      'PLAN_UPGRADE_REQUIRED {"requiredPlan":"basic","currentPlan":"free"}',
    );
    const basic = { subscriptionPlan: "basic", subscriptionStatus: "active" };
    expect(codeOf(() => requirePlanFeature(basic, "aiInsights"))).toBeNull();
    expect(codeOf(() => requirePlanFeature(basic, "jira"))).toBe(
      'PLAN_UPGRADE_REQUIRED {"requiredPlan":"pro","currentPlan":"basic"}',
    );
  });

  it("answers SUBSCRIPTION_INACTIVE when the paid plan is past_due", () => {
    const pastDue = { subscriptionPlan: "pro", subscriptionStatus: "past_due" };
    expect(codeOf(() => requirePlanFeature(pastDue, "jira"))).toBe("SUBSCRIPTION_INACTIVE {}");
  });

  it("limits free to 3 owned sessions; past_due paid plans create up to the free limit", () => {
    const free = { subscriptionPlan: "free", subscriptionStatus: "inactive" };
    expect(codeOf(() => requireSessionSlot(free, 2))).toBeNull();
    expect(codeOf(() => requireSessionSlot(free, 3))).toBe(
      'SUBSCRIPTION_LIMIT_REACHED {"currentPlan":"free","limit":3,"currentSessions":3}',
    );
    const pastDue = { subscriptionPlan: "basic", subscriptionStatus: "past_due" };
    expect(codeOf(() => requireSessionSlot(pastDue, 2))).toBeNull();
    expect(codeOf(() => requireSessionSlot(pastDue, 3))).toBe("SUBSCRIPTION_INACTIVE {}");
    expect(
      codeOf(() => requireSessionSlot({ subscriptionPlan: "basic", subscriptionStatus: "active" }, 50)),
    ).toBeNull();
  });
});
