import { PLANS, planEntry } from "@pointwise/core/plans";
import { planCardContent } from "./planCardContent";

const cards = (currentPlan: string, billing: "stripe" | "selfhosted") =>
  Object.fromEntries(PLANS.map((p) => [p.id, planCardContent(p, currentPlan, billing)]));

describe("the plan list's cards (issue #11 section 4, issue #22)", () => {
  it("with Stripe: Current, Upgrade, Downgrade, and Self-hosted coming soon (Contact Sales)", () => {
    const c = cards("basic", "stripe");
    expect([c.free?.label, c.basic?.label, c.pro?.label]).toEqual(["Downgrade", "Current", "Upgrade"]);
    expect(c.selfhosted).toMatchObject({
      current: false,
      label: "Contact Sales",
      choosable: false,
      price: "Contact Sales",
      badge: "Coming soon",
    });
    expect(c.pro).toMatchObject({ price: "$12 / month", choosable: true, badge: null });
  });

  it("on a self-hosted server: Self-hosted is what runs, shown as current; the other plans still switch", () => {
    const c = cards("free", "selfhosted");
    expect(c.selfhosted).toMatchObject({
      current: true,
      label: "Current",
      choosable: false,
      price: "Runs on this server",
      badge: "This server",
    });
    expect(JSON.stringify(c.selfhosted)).not.toMatch(/Coming soon|Contact Sales|One-time/);
    expect(c.free).toMatchObject({ current: true, label: "Current", choosable: false });
    expect(c.pro).toMatchObject({ current: false, label: "Upgrade", choosable: true });
    expect(planEntry("selfhosted").selectable).toBe(false); // still not a plan one can choose
  });
});
