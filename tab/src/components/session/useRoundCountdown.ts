import { timerRemainingMs } from "@pointwise/core/roundTimer";
import { useEffect, useState } from "react";
import { serverNowMs } from "../../api/serverClock";

/** The round timer as a viewer sees it now. */
export interface RoundCountdown {
  /** A deadline is set (running, or passed and showing "Time's up"). */
  active: boolean;
  /** Milliseconds left by the server's clock; 0 at and after the deadline. */
  remainingMs: number;
  /** The deadline has passed. */
  timeUp: boolean;
}

/**
 * Counts down to a round timer's deadline by the server's clock (serverClock: the local clock
 * corrected by the offset measured at each `serverNow`; issue #8 section 2). It re-renders when
 * the shown second changes and exactly at zero, not on a fixed tick, so every screen flips to
 * "Time's up" at the same moment.
 * @param endsAt the story's `timerEndsAt` (ISO 8601), or null when no timer runs
 */
export function useRoundCountdown(endsAt: string | null): RoundCountdown {
  const [, setTick] = useState(0);
  const remainingMs = endsAt ? timerRemainingMs(endsAt, serverNowMs()) : 0;

  useEffect(() => {
    if (!endsAt || remainingMs <= 0) return;
    // Wake when the displayed whole second changes (and so at zero).
    const untilNextSecond = remainingMs % 1000 || 1000;
    const timeout = setTimeout(() => setTick((n) => n + 1), untilNextSecond);
    return () => clearTimeout(timeout);
  }, [endsAt, remainingMs]);

  return { active: endsAt !== null, remainingMs, timeUp: endsAt !== null && remainingMs <= 0 };
}
