/**
 * The offset between this browser's clock and the server's (issue #8 section 2, issue #22
 * section 1: every screen shows the same remaining time of the round timer, within 1 s of the
 * server's). Estimated from round trips, as NTP does (RFC 5905 section 8, on-wire protocol):
 * a request sent at local time `sentAt` and answered at `receivedAt` carrying the server's clock
 * `serverNow` proves the offset lies in [serverNow - receivedAt, serverNow - sentAt], an interval
 * as wide as the round trip. One-way samples (a push that carries `serverNow`) prove only the
 * lower bound: the server wrote its clock before the frame arrived, however slowly it travelled.
 *
 * The estimate is the middle of the intersection of the recent samples' intervals: a slow
 * answer (a large snapshot, a busy server) widens nothing, and a fast round trip narrows it.
 * Clocks drift by parts per million, so samples stay valid for SAMPLE_LIFETIME_MS; should the
 * intersection become empty (the local clock was set meanwhile), the newest samples win.
 */

/** One sample: the offset is at least `low` and at most `high` (ms; `high` may be +Infinity). */
interface OffsetSample {
  low: number;
  high: number;
  /** Local time of the sample (ms since the epoch). */
  at: number;
}

/** How long a sample counts (ms). */
export const SAMPLE_LIFETIME_MS = 10 * 60_000;
/** Samples kept at most (the newest). */
const MAX_SAMPLES = 32;

let samples: OffsetSample[] = [];
let offsetMs = 0;

/** The intersection of the newest samples going back in time, while it is not empty. */
function estimate(now: number): number {
  samples = samples.filter((s) => now - s.at <= SAMPLE_LIFETIME_MS).slice(-MAX_SAMPLES);
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  for (let i = samples.length - 1; i >= 0; i--) {
    const s = samples[i] as OffsetSample;
    const nextLow = Math.max(low, s.low);
    const nextHigh = Math.min(high, s.high);
    if (nextLow > nextHigh) break; // older than a clock change: ignore it and everything before
    low = nextLow;
    high = nextHigh;
  }
  if (low === Number.NEGATIVE_INFINITY) return offsetMs;
  // Only lower bounds (pushes): the tightest one is the best guess.
  return high === Number.POSITIVE_INFINITY ? low : (low + high) / 2;
}

function addSample(sample: OffsetSample): void {
  samples.push(sample);
  offsetMs = estimate(sample.at);
}

/**
 * Records a round trip: a request sent at `sentAt` was answered with the server's clock
 * `serverNow` and received at `receivedAt` (local ms since the epoch; the ping/pong of the
 * live socket, a REST answer carrying `serverNow`).
 */
export function noteRoundTrip(sentAt: number, serverNow: string | number, receivedAt: number = Date.now()): void {
  const server = typeof serverNow === "number" ? serverNow : Date.parse(serverNow);
  if (Number.isNaN(server) || receivedAt < sentAt) return;
  addSample({ low: server - receivedAt, high: server - sentAt, at: receivedAt });
}

/**
 * Records a one-way sample: the server's clock `serverNow` (ISO 8601) reached this browser at
 * `receivedAt` (a push such as `timer_started`, or the snapshot). It bounds the offset from below.
 */
export function noteServerTime(serverNow: string, receivedAt: number = Date.now()): void {
  const server = Date.parse(serverNow);
  if (Number.isNaN(server)) return;
  addSample({ low: server - receivedAt, high: Number.POSITIVE_INFINITY, at: receivedAt });
}

/** The server's clock now, in ms since the epoch, as well as this browser can tell. */
export function serverNowMs(): number {
  return Date.now() + offsetMs;
}

/** The current estimate of server clock minus local clock (ms). */
export function clockOffsetMs(): number {
  return offsetMs;
}

/** Forgets every sample (tests). */
export function resetServerClock(): void {
  samples = [];
  offsetMs = 0;
}
