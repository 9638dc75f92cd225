import { sessionStatusOf, sessionStatusOfStories } from "./sessionStatus";

describe("sessionStatusOf: one rule for every viewer (spec part 1 section 3, issue #8 section 5)", () => {
  it("is completed when it has stories and none is open, else live while the leader is present", () => {
    expect(sessionStatusOf({ totalStories: 2, openStories: 0 }, true)).toBe("completed");
    expect(sessionStatusOf({ totalStories: 2, openStories: 1 }, true)).toBe("live");
    expect(sessionStatusOf({ totalStories: 2, openStories: 1 }, false)).toBe("in_progress");
    expect(sessionStatusOf({ totalStories: 0, openStories: 0 }, false)).toBe("in_progress");
    expect(sessionStatusOf({ totalStories: 0, openStories: 0 }, true)).toBe("live");
  });

  it("counts skipped and completed stories as done, pending, voting and blocked as open", () => {
    expect(sessionStatusOfStories([{ status: "completed" }, { status: "skipped" }], true)).toBe("completed");
    for (const status of ["pending", "voting", "blocked"] as const) {
      expect(sessionStatusOfStories([{ status: "completed" }, { status }], false)).toBe("in_progress");
    }
  });
});
