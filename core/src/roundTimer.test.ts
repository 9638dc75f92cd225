import { formatCountdown, startTimerSchema, timerRemainingMs } from "./roundTimer";

describe("startTimerSchema (issue #8 section 7: 30 to 600 seconds)", () => {
  it.each([30, 60, 599, 600])("accepts %p", (seconds) => {
    expect(startTimerSchema.safeParse({ seconds }).success).toBe(true);
  });

  it.each([29, 601, 0, -30, 60.5, "60", "abc", null, undefined, Number.NaN])("refuses %p", (seconds) => {
    expect(startTimerSchema.safeParse({ seconds }).success).toBe(false);
  });
});

describe("timerRemainingMs", () => {
  it("counts down to the deadline and stays at zero after it", () => {
    const endsAt = "2026-01-01T10:00:30.000Z";
    const at = (iso: string) => timerRemainingMs(endsAt, Date.parse(iso));
    expect(at("2026-01-01T10:00:00.000Z")).toBe(30_000);
    expect(at("2026-01-01T10:00:29.750Z")).toBe(250);
    expect(at("2026-01-01T10:00:30.000Z")).toBe(0);
    expect(at("2026-01-01T10:01:00.000Z")).toBe(0);
  });
});

describe("formatCountdown", () => {
  it("shows mm:ss, rounding whole seconds up", () => {
    expect(formatCountdown(600_000)).toBe("10:00");
    expect(formatCountdown(120_000)).toBe("02:00");
    expect(formatCountdown(119_001)).toBe("02:00");
    expect(formatCountdown(119_000)).toBe("01:59");
    expect(formatCountdown(30_000)).toBe("00:30");
    expect(formatCountdown(1)).toBe("00:01");
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(-5)).toBe("00:00");
  });
});
