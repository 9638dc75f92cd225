/**
 * Resolves on a later turn of the event loop, after the I/O waiting now (setImmediate). Long
 * work awaits it between small steps (issue #23 section 2: "never blocks the event loop more
 * than 50 ms at a time"): promise chains alone never let requests, frames or timers in, since
 * microtasks run before any I/O, and so do PGlite's queries, which run in this thread.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
