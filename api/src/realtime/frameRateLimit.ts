/**
 * What to do with one incoming frame: handle it; drop it (`firstDrop` true for the first drop of
 * a burst of excess, which alone is answered with an error frame); or close the socket with 1008.
 */
export type FrameVerdict = "accept" | "drop" | "firstDrop" | "disconnect";

/** The limits of one socket (README "Configuration"; issue #7, "WebSocket flood"). */
export interface FrameRateLimits {
  /** Tokens added per second: the sustained rate of frames a socket may send (WS_FRAMES_PER_SECOND, 20). */
  framesPerSecond: number;
  /** Bucket size: frames a quiet socket may send at once (WS_FRAME_BURST, 50). */
  frameBurst: number;
}

/**
 * A token bucket per socket (issue #7, "WebSocket flood": about 20 frames/s with a burst of
 * 50). A frame takes a token; a frame without one is dropped. The first drop of an excess is
 * marked `firstDrop` (the route answers it with one RATE_LIMITED error frame); the excess ends
 * when the bucket is full again, i.e. after `frameBurst / framesPerSecond` seconds of quiet
 * (2.5 s by default). A socket that has more than `frameBurst` frames dropped in one excess
 * is a persistent offender: `disconnect` (close 1008). A flood at 10,000 frames/s is thus
 * closed after about 100 frames, in 10 ms; a person clicking never comes near it.
 */
export class FrameRateLimiter {
  private tokens: number;
  private last: number;
  /** Frames dropped in the current excess; 0 when there is none. */
  private dropped = 0;

  /**
   * @param limits rate and burst (both > 0)
   * @param now the clock in milliseconds (injected by tests; default `performance.now`)
   */
  constructor(
    private readonly limits: FrameRateLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = limits.frameBurst;
    this.last = now();
  }

  /** Takes a token for one frame and says what to do with the frame. */
  take(): FrameVerdict {
    this.refill();
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return "accept";
    }
    return this.drop();
  }

  /**
   * Counts a frame dropped for another reason (the socket's queue is full) as excess, without
   * touching the bucket: the same error frame and the same 1008 for one that keeps on.
   */
  drop(): FrameVerdict {
    this.dropped += 1;
    if (this.dropped > this.limits.frameBurst) return "disconnect";
    return this.dropped === 1 ? "firstDrop" : "drop";
  }

  private refill(): void {
    const at = this.now();
    const { framesPerSecond, frameBurst } = this.limits;
    this.tokens = Math.min(frameBurst, this.tokens + ((at - this.last) / 1000) * framesPerSecond);
    this.last = at;
    if (this.tokens >= frameBurst) this.dropped = 0;
  }
}
