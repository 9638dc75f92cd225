/**
 * Open connections counted by a key, with a cap per key: WebSockets (issue #7, "WebSocket
 * flood": at most 50 sockets per IP address and 5 per participant, WS_MAX_SOCKETS_PER_IP and
 * WS_MAX_SOCKETS_PER_VOTER), and TCP connections and requests in progress per address
 * (connectionLimits, HTTP_MAX_CONNECTIONS_PER_IP). Counts are this process's own: N instances
 * allow N times as many.
 */
export class SocketCounter {
  private readonly counts = new Map<string, number>();

  /** @param max sockets allowed per key (>= 1) */
  constructor(private readonly max: number) {}

  /**
   * Takes a slot for `key`.
   * @returns a release function (idempotent), or null when `key` already holds `max` sockets
   */
  acquire(key: string): (() => void) | null {
    const count = this.counts.get(key) ?? 0;
    if (count >= this.max) return null;
    this.counts.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    };
  }

  /** Sockets held by `key` now. */
  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}
