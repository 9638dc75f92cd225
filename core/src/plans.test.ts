import {
  PLANS,
  planAllows,
  planEntry,
  planRank,
  requiredPlanFor,
  SELECTABLE_PLANS,
  sessionLimit,
  sessionSlotRefusal,
} from "./plans";

describe("plans catalogue (spec part 2 section 3)", () => {
  it("lists free, basic, pro and selfhosted with their prices, selfhosted not selectable", () => {
    expect(PLANS.map((p) => [p.id, p.monthlyPrice, p.selectable])).toEqual([
      ["free", 0, true],
      ["basic", 6, true],
      ["pro", 12, true],
      ["selfhosted", null, false],
    ]);
    expect(SELECTABLE_PLANS).toEqual(PLANS.filter((p) => p.selectable).map((p) => p.id));
  });

  it("limits only the free plan, to 3 sessions owned at once (DESIGN.md)", () => {
    expect(sessionLimit("free")).toBe(3);
    expect(sessionLimit("basic")).toBeNull();
    expect(sessionLimit("pro")).toBeNull();
    expect(sessionLimit("enterprise")).toBeNull();
    expect(sessionLimit("unknown")).toBe(3);
  });

  it("gates AI insights to basic and up, Jira and automations to pro and up", () => {
    expect(["free", "basic", "pro", "enterprise"].map((p) => planAllows(p, "aiInsights"))).toEqual([
      false,
      true,
      true,
      true,
    ]);
    expect(["free", "basic", "pro", "enterprise"].map((p) => planAllows(p, "jira"))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(planAllows("basic", "automations")).toBe(false);
    expect(requiredPlanFor("aiInsights")).toBe("basic");
    expect(requiredPlanFor("jira")).toBe("pro");
    expect(requiredPlanFor("automations")).toBe("pro");
  });

  it("refuses one more session at the plan's limit, or past the free limit while a payment is overdue", () => {
    expect(sessionSlotRefusal("free", "active", 2)).toBeNull();
    expect(sessionSlotRefusal("free", "inactive", 3)).toEqual({ reason: "limit", limit: 3, owned: 3 });
    expect(sessionSlotRefusal("basic", "active", 40)).toBeNull();
    expect(sessionSlotRefusal("basic", "past_due", 2)).toBeNull();
    expect(sessionSlotRefusal("pro", "past_due", 3)).toEqual({ reason: "inactive", owned: 3 });
  });

  it("ranks plans cheapest first and counts enterprise as pro", () => {
    expect(planRank("free")).toBeLessThan(planRank("basic"));
    expect(planRank("basic")).toBeLessThan(planRank("pro"));
    expect(planEntry("enterprise").id).toBe("pro");
  });
});
