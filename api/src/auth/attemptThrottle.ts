import { rateLimited } from "../errors";

/** First wait once the free failures are used up, doubled at each further failure, capped. */
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** A key's failures are forgotten this long after its last failure (the limits' window). */
const FORGET_AFTER_MS = 15 * 60 * 1000;
/** Keys kept at most; the oldest is dropped first (bounded memory under a flood of e-mails). */
const MAX_KEYS = 50_000;

interface Entry {
  failures: number;
  /** Epoch ms before which the next attempt is refused with 429. */
  nextAllowedAt: number;
  lastFailureAt: number;
}

/**
 * Slows repeated failures of one key (e.g. `login:<e-mail>|<client IP>`), never blocks it for
 * good (issue #7, "Login limits"): the first `freeFailures` failures cost nothing; after that
 * each attempt must wait 1 s, 2 s, 4 s ... up to 30 s after the previous one, or is answered
 * 429 RATE_LIMITED with Retry-After (seconds). A success clears the key. Because the key
 * includes the client IP, failures from elsewhere never delay the owner's own sign-in.
 *
 * Counters live in this process's memory: a database row per attempt would turn a password
 * flood into a write flood; with N instances an attacker gets at most N times the budget,
 * still capped at one try per 30 s per key and instance.
 */
export class AttemptThrottle {
  private readonly entries = new Map<string, Entry>();

  /** @param freeFailures failures of one key allowed before the delay starts (AUTH_RATE_LIMIT_ACCOUNT) */
  constructor(private readonly freeFailures: number) {}

  /**
   * Admits one attempt for `key`, counting it as a failure until `succeeded` clears it, so
   * parallel attempts cannot all slip through before the first one fails.
   * @throws 429 RATE_LIMITED (with `retryAfterSeconds`) while the key must wait.
   */
  attempt(key: string, now = Date.now()): void {
    this.check(key, now);
    this.failed(key, now);
  }

  /** Counts a failure for `key` without checking it (e.g. an "already in use" answer). */
  failed(key: string, now = Date.now()): void {
    this.recordFailure(key, this.current(key, now), now);
  }

  /** Refuses while `key` must wait, without counting. @throws 429 RATE_LIMITED. */
  check(key: string, now = Date.now()): void {
    const entry = this.current(key, now);
    if (entry.failures >= this.freeFailures && now < entry.nextAllowedAt) {
      throw rateLimited(Math.ceil((entry.nextAllowedAt - now) / 1000));
    }
  }

  /** Clears `key` after a success. */
  succeeded(key: string): void {
    this.entries.delete(key);
  }

  private current(key: string, now: number): Entry {
    const entry = this.entries.get(key);
    if (!entry || now - entry.lastFailureAt > FORGET_AFTER_MS)
      return { failures: 0, nextAllowedAt: 0, lastFailureAt: now };
    return entry;
  }

  private recordFailure(key: string, entry: Entry, now: number): void {
    entry.failures += 1;
    entry.lastFailureAt = now;
    const over = entry.failures - this.freeFailures;
    if (over >= 0) entry.nextAllowedAt = now + Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** over);
    this.entries.delete(key); // re-insert: the Map's order is then least recently failed first
    this.entries.set(key, entry);
    if (this.entries.size > MAX_KEYS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
