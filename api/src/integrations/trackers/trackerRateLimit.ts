import { setTimeout as sleep } from "node:timers/promises";

/*
 * Waiting for a tracker's rate limit (issue #23 section 6): a 429, or a 503 with Retry-After,
 * is retried after the wait it asks for only while the waits of the whole request of ours stay
 * within TRACKER_RATE_LIMIT_MAX_WAIT_MS (10 s); beyond that the request answers 503 with
 * Retry-After at once. Before, each call waited up to 3 times 10 s, so `Retry-After: 9` held a
 * request 27 s (and a request making several calls longer still). For every tracker client.
 */

/** Default total of Retry-After waits one request of ours may spend (TRACKER_RATE_LIMIT_MAX_WAIT_MS). */
export const TRACKER_RATE_LIMIT_MAX_WAIT_MS = 10_000;
/** Rate-limited answers retried per call, whatever the waits (a `Retry-After: 0` loop ends). */
export const TRACKER_RATE_LIMIT_RETRIES = 3;
/** The longest Retry-After passed on to our caller, in seconds (a hostile tracker may ask for years). */
const MAX_RETRY_AFTER_SECONDS = 3600;

/** The time tracker waits run on: the system's, or in tests one whose sleeps return at once. */
export interface TrackerClock {
  /** Milliseconds since the epoch (reads a Retry-After given as an HTTP date). */
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** The real clock. */
export const systemClock: TrackerClock = { now: () => Date.now(), sleep: (ms) => sleep(ms) };

/**
 * Milliseconds a Retry-After header asks for (RFC 9110 section 10.2.3: seconds or an HTTP date);
 * null when absent or unreadable.
 */
export function retryAfterMs(header: string | string[] | undefined, now: number): number | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The tracker keeps limiting past the budget: our caller should retry after `retryAfterSeconds`. */
export class TrackerRateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`rate limited: retry after ${retryAfterSeconds} s`);
  }
}

/**
 * The Retry-After waits one request of ours may still spend, over all its calls to a tracker:
 * make one per request (a tracker target carries it) and ask it on every rate-limited answer.
 */
export class RateLimitBudget {
  /** Milliseconds waited so far. */
  waitedMs = 0;

  constructor(
    readonly maxWaitMs: number = TRACKER_RATE_LIMIT_MAX_WAIT_MS,
    readonly clock: TrackerClock = systemClock,
  ) {}

  /**
   * Waits out a rate-limited answer when the budget allows: what `retryAfter` asks, else 1, 2,
   * 4 s by `attempt` (0 for a call's first answer).
   * @throws TrackerRateLimited when the wait would pass the budget or the call has been retried
   *   TRACKER_RATE_LIMIT_RETRIES times; its `retryAfterSeconds` is the wait asked (1 s at least).
   */
  async wait(retryAfter: string | string[] | undefined, attempt: number): Promise<void> {
    const ms = retryAfterMs(retryAfter, this.clock.now()) ?? 1000 * 2 ** attempt;
    if (attempt >= TRACKER_RATE_LIMIT_RETRIES || this.waitedMs + ms > this.maxWaitMs) {
      throw new TrackerRateLimited(Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(ms / 1000))));
    }
    this.waitedMs += ms;
    await this.clock.sleep(ms);
  }
}
