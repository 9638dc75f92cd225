import { AppError } from "../errors";

/** A voter's vote budget (README "Configuration": VOTE_RATE_PER_SECOND, VOTE_BURST). */
export interface VoteRateLimits {
  /** Votes per second a voter may sustain (tokens added per second); default 5. */
  perSecond: number;
  /** Votes a voter who has been quiet may cast at once (the bucket's size); default 10. */
  burst: number;
}

/** Voters remembered at most (default); past it, those whose bucket has refilled are forgotten first. */
const MAX_VOTERS = 50_000;

/** One voter's bucket: tokens left at `at` (ms of the limiter's clock). */
interface Bucket {
  tokens: number;
  at: number;
}

/**
 * 429 RATE_LIMITED for a vote over its voter's budget, with `retryAfterSeconds` (also the
 * Retry-After header of a REST answer; a WebSocket gets it as an `error` frame).
 */
const tooManyVotes = (retryAfterSeconds: number): AppError =>
  new AppError(429, "RATE_LIMITED", "Too many votes: slow down and vote again in a moment", { retryAfterSeconds });

/**
 * A token bucket per voter (issue #23 section 7): `perSecond` votes per second with a burst of
 * `burst`, keyed by voterKey (`u:<userId>`, `p:<participantId>`), so one budget covers all of a
 * voter's WebSockets, their REST calls and their Teams card votes. Ten guests voting 19 times a
 * second on each of 48 sockets (inside the per-socket frame limits) took another participant's
 * vote acknowledgement from 7 ms to 270-384 ms; a vote over the budget is now refused before its
 * transaction. A person clicking cards never meets it.
 *
 * The buckets live in this process's memory, like the other rate limits: behind a load balancer
 * that spreads one voter's connections over N instances, that voter gets up to N budgets.
 */
export class VoteRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  /**
   * @param limits rate and burst (both > 0)
   * @param now the clock in milliseconds (injected by tests; default `performance.now`)
   * @param maxVoters buckets kept at most (default 50,000)
   */
  constructor(
    private readonly limits: VoteRateLimits,
    private readonly now: () => number = () => performance.now(),
    private readonly maxVoters = MAX_VOTERS,
  ) {}

  /**
   * Takes one vote's token from `voterKey`'s bucket.
   * @throws 429 RATE_LIMITED (retryAfterSeconds: whole seconds until a token is back, at least 1)
   *   when the bucket is empty; the refused vote takes nothing.
   */
  take(voterKey: string): void {
    const at = this.now();
    const tokens = this.tokensAt(this.buckets.get(voterKey), at);
    if (tokens < 1) {
      this.buckets.set(voterKey, { tokens, at });
      throw tooManyVotes(Math.max(1, Math.ceil((1 - tokens) / this.limits.perSecond)));
    }
    this.buckets.delete(voterKey); // re-inserted last: the map's order is least recently used first
    this.buckets.set(voterKey, { tokens: tokens - 1, at });
    if (this.buckets.size > this.maxVoters) this.forgetIdle(at);
  }

  /** Voters with a bucket (tests: idle voters are forgotten). */
  get size(): number {
    return this.buckets.size;
  }

  private tokensAt(bucket: Bucket | undefined, at: number): number {
    if (!bucket) return this.limits.burst;
    return Math.min(this.limits.burst, bucket.tokens + ((at - bucket.at) / 1000) * this.limits.perSecond);
  }

  /**
   * Forgets voters whose bucket is full again (a new bucket is the same); if that is not enough,
   * the least recently seen go anyway, down to 90 % of the limit (so the sweep is not repeated
   * at every vote), and memory stays bounded whatever the traffic.
   */
  private forgetIdle(at: number): void {
    for (const [key, bucket] of this.buckets) {
      if (this.tokensAt(bucket, at) >= this.limits.burst) this.buckets.delete(key);
    }
    const keep = Math.floor(this.maxVoters * 0.9);
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= keep) break;
      this.buckets.delete(key);
    }
  }
}
