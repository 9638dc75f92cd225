import v8 from "node:v8";
import vm from "node:vm";

/** V8's `gc()` (GC extension) with the options this module passes. */
type GcFunction = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/**
 * Gives back the memory that starting the server left behind, once, before it listens (issue
 * #10, "Embedded database": idle RSS <= 150 MB on PGlite). Loading ~900 modules, compiling
 * PGlite's WebAssembly and opening the database allocate fast enough that V8 grows its young
 * generation to ~50 MB and keeps it (V8 shrinks it only in a memory-reducing collection, which
 * an idle server never triggers), and the garbage of the start (PGlite's 9 MB module bytes,
 * source texts, migration SQL) waits for a full collection. One full, memory-reducing
 * collection ("last-resort": V8 collects twice, shrinks the young generation, releases pooled
 * pages and flushes unused bytecode) costs 30-80 ms of CPU here and takes 40-60 MB off the
 * resident set. The young generation grows again under load as V8 sees fit, so hot paths keep
 * V8's own sizing (unlike a fixed `--max-semi-space-size`).
 *
 * V8's collector is reached through its GC extension: `--expose-gc` set at run time installs
 * `gc` in contexts made afterwards, so one `vm` context hands it over; the server's own global
 * never gets a `gc`. Returns the CPU time spent (user + system, ms).
 */
export function releaseStartupMemory(): number {
  const before = process.cpuUsage();
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as GcFunction;
  gc({ type: "major", execution: "sync", flavor: "last-resort" });
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
