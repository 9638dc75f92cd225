import { planStatus } from "@pointwise/core/plans";
import { subscriptionStatusLabel } from "./subscriptionStatusLabel";

describe("the subscription's status line (issue #22)", () => {
  it("reads the free plan as active, whatever the stored status; a paid plan by its subscription", () => {
    expect(["inactive", "canceled", "active"].map((s) => planStatus("free", s))).toEqual([
      "active",
      "active",
      "active",
    ]);
    expect(planStatus("basic", "past_due")).toBe("past_due");
    expect(planStatus("pro", "canceled")).toBe("canceled");
  });

  it("words the statuses", () => {
    expect(["active", "past_due", "trialing", "canceled", "odd"].map(subscriptionStatusLabel)).toEqual([
      "Active",
      "Payment overdue",
      "Trial",
      "Cancelled",
      "odd",
    ]);
  });
});
