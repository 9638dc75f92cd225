import {
  clockOffsetMs,
  noteRoundTrip,
  noteServerTime,
  resetServerClock,
  SAMPLE_LIFETIME_MS,
  serverNowMs,
} from "./serverClock";

/** Local time of the samples below (ms since the epoch). */
const T = 1_800_000_000_000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeEach(() => resetServerClock());

describe("server clock offset from round trips (issue #22 section 1)", () => {
  it("takes the middle of a round trip's interval", () => {
    noteRoundTrip(T, T + 3_000 + 40, T + 80);
    expect(clockOffsetMs()).toBe(3_000);
  });

  it("is not dragged by a slow one-way sample, such as a large snapshot that took 3 s to arrive", () => {
    noteRoundTrip(T, T + 2_000 + 25, T + 50); // offset in [1975, 2025]
    // Stamped by the server at T+100 local, received 3 s later: it proves only offset >= -900.
    noteServerTime(iso(T + 100 + 2_000), T + 3_100);
    expect(clockOffsetMs()).toBe(2_000);
  });

  it("narrows with every round trip: the intersection of the intervals", () => {
    noteRoundTrip(T, T + 1_000, T + 400); // [600, 1000]
    noteRoundTrip(T + 1_000, T + 1_000 + 900, T + 1_100); // [800, 900]
    expect(clockOffsetMs()).toBe(850);
    expect(Math.abs(serverNowMs() - (Date.now() + 850))).toBeLessThanOrEqual(1);
  });

  it("uses the tightest lower bound while only one-way samples exist", () => {
    noteServerTime(iso(T + 500), T + 900); // offset >= -400
    noteServerTime(iso(T + 1_000 + 500), T + 1_000 + 600); // offset >= -100
    expect(clockOffsetMs()).toBe(-100);
  });

  it("follows a change of the local clock: the newest samples win when the old ones disagree", () => {
    noteRoundTrip(T, T + 10_000, T + 20); // offset in [9980, 10000]
    // The local clock was then set 20 s forward: the offset is now about -10 s.
    noteRoundTrip(T + 30_000, T + 20_010, T + 30_020); // [-10010, -9990]
    expect(clockOffsetMs()).toBe(-10_000);
  });

  it("forgets samples older than SAMPLE_LIFETIME_MS", () => {
    noteRoundTrip(T, T + 5_000, T + 10); // [4990, 5000]
    noteRoundTrip(
      T + SAMPLE_LIFETIME_MS + 1_000,
      T + SAMPLE_LIFETIME_MS + 1_000 + 4_000,
      T + SAMPLE_LIFETIME_MS + 1_400,
    );
    // The old, tight sample no longer counts: [3600, 4000] alone.
    expect(clockOffsetMs()).toBe(3_800);
  });

  it("ignores a round trip that ends before it starts, and an unreadable time", () => {
    noteRoundTrip(T + 10, T, T);
    noteServerTime("not a date", T);
    expect(clockOffsetMs()).toBe(0);
  });
});
