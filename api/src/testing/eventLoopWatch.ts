import { type PerformanceEntry, PerformanceObserver, performance } from "node:perf_hooks";

/** What a watch saw: the longest stretches the event loop could not run a timer, in ms. */
export interface EventLoopStalls {
  /**
   * The most CPU time this thread spent between two consecutive turns of a 2 ms timer: the
   * longest stretch that held the event loop (JavaScript, garbage collection, and PGlite's
   * WebAssembly, which runs in this thread). CPU time, not wall time, so a busy machine that
   * takes the CPU away from the process (the test machines run several suites on two cores)
   * does not count.
   */
  longestBusyMs: number;
  /**
   * The same without the garbage collector's pauses in it: the longest piece of the work itself.
   * A scavenge of the young generation (10-45 ms in a test process) lands in whatever stretch is
   * running, whatever that stretch's own size.
   */
  longestWorkMs: number;
  /**
   * The longest wall-clock wait of that timer beyond its 2 ms (what `monitorEventLoopDelay`
   * reports), scheduling delays of a busy machine included: an idle process saw 120 ms at a
   * load average of 11 on two cores.
   */
  longestLagMs: number;
}

/** A running watch of the event loop of this thread; `stop` ends it and says what it saw. */
export interface EventLoopWatch {
  stop(): EventLoopStalls;
}

/** The timer's interval, in ms. */
const TICK_MS = 2;
/** Stretches kept to subtract the collector's pauses from (the longest by CPU time). */
const KEPT = 50;

/** CPU time of the calling thread, in ms (Node >= 23.9). */
const threadCpuMs = (): number => {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
};

/** A stretch between two turns of the timer: its wall-clock span and the CPU time spent in it. */
interface Stretch {
  from: number;
  to: number;
  cpuMs: number;
}

/**
 * Starts watching how long the event loop of this thread is held at a time (issue #23 section
 * 2: "never blocks the event loop more than 50 ms at a time"): a 2 ms timer notes the CPU time
 * and the wall time between its turns, and the garbage collector's pauses are noted too. The
 * test server runs in the test's own thread, with PGlite, so whatever the server does between
 * two turns shows.
 */
export function watchEventLoop(): EventLoopWatch {
  const gcPauses: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => {
    gcPauses.push(...list.getEntries());
  });
  observer.observe({ entryTypes: ["gc"] });
  const stretches: Stretch[] = [];
  let longestLagMs = 0;
  let lastCpu = threadCpuMs();
  let lastWall = performance.now();
  const turn = () => {
    const cpu = threadCpuMs();
    const wall = performance.now();
    longestLagMs = Math.max(longestLagMs, wall - lastWall - TICK_MS);
    stretches.push({ from: lastWall, to: wall, cpuMs: cpu - lastCpu });
    if (stretches.length > 4 * KEPT) {
      stretches.sort((a, b) => b.cpuMs - a.cpuMs);
      stretches.length = KEPT;
    }
    lastCpu = cpu;
    lastWall = wall;
  };
  const timer = setInterval(turn, TICK_MS);
  return {
    stop() {
      clearInterval(timer);
      // The stretch since the last turn counts too (work that ended the watched call).
      turn();
      gcPauses.push(...observer.takeRecords());
      observer.disconnect();
      const gcIn = (s: Stretch) =>
        gcPauses.reduce((sum, gc) => {
          const overlap = Math.min(s.to, gc.startTime + gc.duration) - Math.max(s.from, gc.startTime);
          return sum + Math.max(0, overlap);
        }, 0);
      return {
        longestBusyMs: Math.max(0, ...stretches.map((s) => s.cpuMs)),
        longestWorkMs: Math.max(0, ...stretches.map((s) => s.cpuMs - gcIn(s))),
        longestLagMs: Math.max(0, longestLagMs),
      };
    },
  };
}
