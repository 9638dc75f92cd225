import { virtualTrackerClock } from "../../testing/virtualTrackerClock";
import { RateLimitBudget, retryAfterMs, TrackerRateLimited } from "./trackerRateLimit";

/*
 * The Retry-After budget of issue #23 section 6 on a virtual clock: a request waits at most
 * 10 s in all for a tracker's rate limit, then its caller is told when to come back.
 */

/** The TrackerRateLimited a wait ends in (fails the test when it waits instead). */
async function refusal(wait: Promise<void>): Promise<TrackerRateLimited> {
  try {
    await wait;
  } catch (error) {
    if (error instanceof TrackerRateLimited) return error;
    throw error;
  }
  throw new Error("the budget allowed the wait");
}

describe("retryAfterMs", () => {
  it("reads seconds or an HTTP date, and nothing else", () => {
    const now = Date.parse("Wed, 21 Oct 2015 07:28:00 GMT");
    expect(retryAfterMs("3", now)).toBe(3000);
    expect(retryAfterMs(" 9 ", now)).toBe(9000);
    expect(retryAfterMs(["2", "7"], now)).toBe(2000);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:05 GMT", now)).toBe(5000);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:27:00 GMT", now)).toBe(0);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs("", now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });
});

describe("RateLimitBudget", () => {
  it("waits while the total stays within the budget, then refuses with the wait asked", async () => {
    const clock = virtualTrackerClock();
    const budget = new RateLimitBudget(10_000, clock);
    await budget.wait("9", 0);
    const refused = await refusal(budget.wait("9", 1));
    expect(refused.retryAfterSeconds).toBe(9);
    expect(clock.waits).toEqual([9000]);
    expect(budget.waitedMs).toBe(9000);
  });

  it("is shared by the calls of one request: each call's first wait counts", async () => {
    const clock = virtualTrackerClock();
    const budget = new RateLimitBudget(10_000, clock);
    await budget.wait("4", 0);
    await budget.wait("4", 0);
    expect((await refusal(budget.wait("4", 0))).retryAfterSeconds).toBe(4);
    expect(clock.waits).toEqual([4000, 4000]);
  });

  it("backs off 1, 2, 4 s without Retry-After and retries a call at most 3 times", async () => {
    const clock = virtualTrackerClock();
    const budget = new RateLimitBudget(60_000, clock);
    for (let attempt = 0; attempt < 3; attempt++) await budget.wait(undefined, attempt);
    expect(clock.waits).toEqual([1000, 2000, 4000]);
    expect((await refusal(budget.wait("0", 3))).retryAfterSeconds).toBe(1);
  });

  it("reads an HTTP date on its own clock, and passes on at most an hour", async () => {
    const clock = virtualTrackerClock(Date.parse("2026-03-02T09:00:00Z"));
    const budget = new RateLimitBudget(10_000, clock);
    await budget.wait("Mon, 02 Mar 2026 09:00:03 GMT", 0);
    expect(clock.waits).toEqual([3000]);
    expect((await refusal(budget.wait("Mon, 02 Mar 2026 09:00:12 GMT", 1))).retryAfterSeconds).toBe(9);
    expect((await refusal(budget.wait("99999999999999999999", 1))).retryAfterSeconds).toBe(3600);
  });

  it("refuses at once with a budget of 0 (TRACKER_RATE_LIMIT_MAX_WAIT_MS=0)", async () => {
    const clock = virtualTrackerClock();
    expect((await refusal(new RateLimitBudget(0, clock).wait("1", 0))).retryAfterSeconds).toBe(1);
    expect(clock.waits).toEqual([]);
  });
});
