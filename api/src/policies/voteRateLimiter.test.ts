import { AppError } from "../errors";
import { VoteRateLimiter } from "./voteRateLimiter";

/** A clock the test moves by hand (milliseconds). */
function manualClock() {
  let ms = 1_000;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

/** The error `take` throws, or null when the vote passes. */
function refusal(limiter: VoteRateLimiter, voterKey: string): AppError | null {
  try {
    limiter.take(voterKey);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

describe("VoteRateLimiter (issue #23 section 7: votes per second per voter)", () => {
  it("lets a burst through, then refuses with 429 RATE_LIMITED and a Retry-After", () => {
    const clock = manualClock();
    const limiter = new VoteRateLimiter({ perSecond: 5, burst: 10 }, clock.now);
    for (let i = 0; i < 10; i++) expect(refusal(limiter, "p:noisy")).toBeNull();
    const refused = refusal(limiter, "p:noisy");
    expect(refused).toMatchObject({ status: 429, code: "RATE_LIMITED", extra: { retryAfterSeconds: 1 } });
  });

  it("refills at the sustained rate, and a refused vote takes nothing", () => {
    const clock = manualClock();
    const limiter = new VoteRateLimiter({ perSecond: 5, burst: 10 }, clock.now);
    for (let i = 0; i < 10; i++) limiter.take("u:ann");
    for (let i = 0; i < 20; i++) expect(refusal(limiter, "u:ann")).not.toBeNull();
    clock.advance(199);
    expect(refusal(limiter, "u:ann")).not.toBeNull();
    clock.advance(1); // 200 ms: one token at 5 per second
    expect(refusal(limiter, "u:ann")).toBeNull();
    expect(refusal(limiter, "u:ann")).not.toBeNull();
    // A steady 5 votes per second passes for as long as it goes on.
    for (let i = 0; i < 50; i++) {
      clock.advance(200);
      expect(refusal(limiter, "u:ann")).toBeNull();
    }
  });

  it("keeps one budget per voter: a noisy voter never spends another's", () => {
    const clock = manualClock();
    const limiter = new VoteRateLimiter({ perSecond: 5, burst: 10 }, clock.now);
    for (let i = 0; i < 100; i++) refusal(limiter, "p:noisy");
    expect(refusal(limiter, "p:noisy")).not.toBeNull();
    expect(refusal(limiter, "u:quiet")).toBeNull();
  });

  it("says how long to wait at a slow rate", () => {
    const clock = manualClock();
    const limiter = new VoteRateLimiter({ perSecond: 0.25, burst: 1 }, clock.now);
    limiter.take("u:slow");
    expect(refusal(limiter, "u:slow")?.extra.retryAfterSeconds).toBe(4);
    clock.advance(3_000);
    expect(refusal(limiter, "u:slow")?.extra.retryAfterSeconds).toBe(1);
  });

  it("forgets idle voters, so its memory stays bounded", () => {
    const clock = manualClock();
    const limiter = new VoteRateLimiter({ perSecond: 5, burst: 10 }, clock.now, 100);
    for (let i = 0; i < 100; i++) limiter.take(`p:${i}`);
    clock.advance(2_000); // everyone's bucket is full again
    limiter.take("p:new");
    expect(limiter.size).toBe(1);
    // All busy: the least recently seen go first, down to 90.
    for (let i = 0; i < 101; i++) limiter.take(`u:${i}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
    expect(limiter.size).toBeGreaterThanOrEqual(90);
  });
});
