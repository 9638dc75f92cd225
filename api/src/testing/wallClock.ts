/**
 * Moves `Date.now` forward for the in-process test server, whose throttles and caches read it
 * (auth/attemptThrottle, auth/sessionStore): a test of "after N seconds" advances the clock
 * instead of waiting them (issue #24 section 4). Only Date.now moves: timers, `new Date()` and
 * the database's clock do not. Restore it in a `finally`.
 */
export function advanceableDateNow(): { advance(ms: number): void; restore(): void } {
  const real = Date.now.bind(Date);
  let offset = 0;
  const spy = jest.spyOn(Date, "now").mockImplementation(() => real() + offset);
  return {
    advance(ms: number) {
      offset += ms;
    },
    restore() {
      spy.mockRestore();
    },
  };
}
