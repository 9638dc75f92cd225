import type { TrackerClock } from "../integrations/trackers/trackerRateLimit";

/** A tracker clock for tests: its sleeps return at once and move its time on; `waits` lists them (ms). */
export interface VirtualTrackerClock extends TrackerClock {
  waits: number[];
}

/**
 * A clock starting at `start` (ms since the epoch) whose `sleep` only records the wait and
 * advances `now`, so a Retry-After of 9 s costs a test nothing (issue #23 section 6).
 */
export function virtualTrackerClock(start = Date.parse("2026-03-02T09:00:00Z")): VirtualTrackerClock {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
}
