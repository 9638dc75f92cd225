import { AttemptThrottle } from "./attemptThrottle";

/** The status an attempt gets: "ok" or the Retry-After seconds of its 429. */
function outcome(throttle: AttemptThrottle, key: string, now: number): "ok" | number {
  try {
    throttle.attempt(key, now);
    return "ok";
  } catch (err) {
    return (err as { extra: { retryAfterSeconds: number } }).extra.retryAfterSeconds;
  }
}

describe("AttemptThrottle", () => {
  it("doubles the wait after the free failures, up to 30 s, per key", () => {
    const throttle = new AttemptThrottle(2);
    let now = 1_000_000;
    expect(outcome(throttle, "k", now)).toBe("ok");
    expect(outcome(throttle, "k", now)).toBe("ok");
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const wait = outcome(throttle, "k", now);
      expect(typeof wait).toBe("number");
      waits.push(wait as number);
      now += (wait as number) * 1000;
      expect(outcome(throttle, "k", now)).toBe("ok");
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30]);
    expect(outcome(throttle, "other", now)).toBe("ok");
  });

  it("forgets a key after a success or 15 quiet minutes", () => {
    const throttle = new AttemptThrottle(1);
    expect(outcome(throttle, "k", 0)).toBe("ok");
    expect(outcome(throttle, "k", 10)).toBe(1);
    throttle.succeeded("k");
    expect(outcome(throttle, "k", 20)).toBe("ok");
    expect(outcome(throttle, "k", 20 + 15 * 60 * 1000 + 1)).toBe("ok");
  });
});
