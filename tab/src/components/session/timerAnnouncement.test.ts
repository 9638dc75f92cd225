import { spokenDuration, timerAnnouncement } from "./timerAnnouncement";

const at = (endsAt: string | null, seconds: number | null) => ({ endsAt, seconds });
const T = "2026-01-01T10:02:00.000Z";

describe("spokenDuration", () => {
  it("reads minutes and seconds", () => {
    expect(spokenDuration(120)).toBe("2 minutes");
    expect(spokenDuration(90)).toBe("1 minute 30 seconds");
    expect(spokenDuration(61)).toBe("1 minute 1 second");
    expect(spokenDuration(45)).toBe("45 seconds");
    expect(spokenDuration(0)).toBe("0 seconds");
  });
});

describe("timerAnnouncement (issue #8 section 6: start, last minute, last 10 s, Time's up)", () => {
  it("announces a start, and a running timer found on load", () => {
    expect(timerAnnouncement(at(null, 0), at(T, 120))).toBe("Timer started: 2 minutes");
    expect(timerAnnouncement(at(null, null), at(T, 75))).toBe("Timer running: 1 minute 15 seconds left");
  });

  it("announces the last minute, the last 10 seconds and zero, not every second", () => {
    expect(timerAnnouncement(at(T, 62), at(T, 61))).toBeNull();
    expect(timerAnnouncement(at(T, 61), at(T, 60))).toBe("1 minute left");
    expect(timerAnnouncement(at(T, 60), at(T, 59))).toBeNull();
    expect(timerAnnouncement(at(T, 11), at(T, 10))).toBe("10 seconds left");
    expect(timerAnnouncement(at(T, 10), at(T, 9))).toBeNull();
    expect(timerAnnouncement(at(T, 1), at(T, 0))).toBe("Time's up");
    expect(timerAnnouncement(at(T, 0), at(T, 0))).toBeNull();
    // A throttled background tab that skips past both marks still says the nearest.
    expect(timerAnnouncement(at(T, 70), at(T, 5))).toBe("10 seconds left");
  });

  it("announces a stop, but not the clearing of a timer that had run out", () => {
    expect(timerAnnouncement(at(T, 30), at(null, 0))).toBe("Timer stopped");
    expect(timerAnnouncement(at(T, 0), at(null, 0))).toBeNull();
    expect(timerAnnouncement(at(null, null), at(T, 0))).toBeNull();
  });
});
