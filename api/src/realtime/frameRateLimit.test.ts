import { FrameRateLimiter } from "./frameRateLimit";

/** A limiter on a clock the test moves by hand (milliseconds). */
function limiter(framesPerSecond = 20, frameBurst = 50) {
  const clock = { now: 0 };
  return { clock, limiter: new FrameRateLimiter({ framesPerSecond, frameBurst }, () => clock.now) };
}

describe("FrameRateLimiter: a token bucket per socket (issue #7)", () => {
  it("accepts a burst of 50, then 20 per second", () => {
    const { clock, limiter: l } = limiter();
    for (let i = 0; i < 50; i++) expect(l.take()).toBe("accept");
    expect(l.take()).toBe("firstDrop");
    clock.now += 1000;
    const verdicts = Array.from({ length: 30 }, () => l.take());
    expect(verdicts.filter((v) => v === "accept")).toHaveLength(20);
    expect(verdicts.filter((v) => v === "firstDrop")).toHaveLength(0);
  });

  it("marks only the first drop of an excess; a full bucket ends the excess", () => {
    const { clock, limiter: l } = limiter();
    for (let i = 0; i < 50; i++) l.take();
    expect(l.take()).toBe("firstDrop");
    expect(l.take()).toBe("drop");
    clock.now += 1000; // 20 tokens back, not yet full: the same excess
    for (let i = 0; i < 20; i++) expect(l.take()).toBe("accept");
    expect(l.take()).toBe("drop");
    clock.now += 2500; // 50 tokens: full again
    for (let i = 0; i < 50; i++) expect(l.take()).toBe("accept");
    expect(l.take()).toBe("firstDrop");
  });

  it("disconnects a persistent offender: more than a burst of drops in one excess", () => {
    const { clock, limiter: l } = limiter();
    const verdicts: string[] = [];
    // 10,000 frames/s: one frame every 0.1 ms.
    for (let i = 0; i < 200 && verdicts.at(-1) !== "disconnect"; i++) {
      verdicts.push(l.take());
      clock.now += 0.1;
    }
    expect(verdicts.at(-1)).toBe("disconnect");
    expect(verdicts.filter((v) => v === "accept").length).toBeGreaterThanOrEqual(50);
    expect(verdicts.length).toBeLessThanOrEqual(102);
  });

  it("never disconnects a client that keeps to the rate", () => {
    const { clock, limiter: l } = limiter();
    for (let i = 0; i < 2000; i++) {
      expect(l.take()).toBe("accept");
      clock.now += 50; // exactly 20 per second
    }
  });

  it("counts frames dropped for a full queue as excess", () => {
    const { limiter: l } = limiter(20, 2);
    expect(l.drop()).toBe("firstDrop");
    expect(l.drop()).toBe("drop");
    expect(l.drop()).toBe("disconnect");
  });
});
