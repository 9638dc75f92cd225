/**
 * Moves `Date.now` forward for the in-process test server, whose throttles and caches read it
 * (auth/attemptThrottle, auth/sessionStore): a test of "after N seconds" advances the clock
 * instead of waiting them (issue #24 section 4). Only Date.now moves: timers, `new Date()` and
 * the database's clock do not. Restore it in a `finally`. (No jest here: the server build
 * compiles testing/ without jest's types.)
 */
export function advanceableDateNow(): { advance(ms: number): void; restore(): void } {
  const real = Date.now;
  let offset = 0;
  Date.now = () => real.call(Date) + offset;
  return {
    advance(ms: number) {
      offset += ms;
    },
    restore() {
      Date.now = real;
    },
  };
}
