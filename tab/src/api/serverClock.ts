/**
 * The offset between this browser's clock and the server's (issue #8 section 2: everyone sees
 * the same remaining time of the round timer). Each answer that carries `serverNow` (the
 * session snapshot, `timer_started`, GET /api/sessions/{id}, the timer routes) is a sample:
 * offset = serverNow - the local time it was received. The latest sample wins.
 */
let offsetMs = 0;
let sampledAt = Number.NEGATIVE_INFINITY;

/**
 * Records a server time.
 * @param serverNow the server's clock (ISO 8601) when it answered
 * @param receivedAt the local time (ms since the epoch) the answer arrived; default now
 */
export function noteServerTime(serverNow: string, receivedAt: number = Date.now()): void {
  const server = Date.parse(serverNow);
  if (Number.isNaN(server) || receivedAt < sampledAt) return;
  offsetMs = server - receivedAt;
  sampledAt = receivedAt;
}

/** The server's clock now, in ms since the epoch, as well as this browser can tell. */
export function serverNowMs(): number {
  return Date.now() + offsetMs;
}
