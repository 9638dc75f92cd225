import v8 from "node:v8";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";

/**
 * PostgreSQL settings of the embedded database (issue #10, "Embedded database"). PGlite runs
 * PostgreSQL single-user inside this process, where the defaults sized for a server of 100
 * connections only cost resident memory: initdb's shared_buffers of 128 MB (PGlite touches the
 * whole buffer pool at start: 115 MB more RSS than 16 MB; 16 / 8 / 4 / 2 MB measured 10, 2 and 2
 * MiB apart) and per-connection shared state for 100 backends. 2 MB holds 256 pages, the hot
 * data of a vote and a join (a session's story, votes, participants and presence rows and their
 * index pages) many times over; the data files stay in the operating system's page cache under
 * it (REST vote CPU was the same with 8 and 2 MB: 2.2-2.5 ms). wal_buffers follows (1/32);
 * work_mem and temp_buffers are only allocated by a query that needs them, so their defaults cost
 * nothing idle. Prepared statements always run their generic plan, planned once (database.ts
 * GENERIC_PLANS). Given on every start (`-c`), so they also apply to data folders made before
 * them.
 */
export const PGLITE_SETTINGS = ["shared_buffers=2MB", "max_connections=10", "plan_cache_mode=force_generic_plan"];

/** PGlite's options for `PGLITE_SETTINGS` (start and initdb alike). */
export function pgliteOptions(): PGliteOptions {
  const params = PGLITE_SETTINGS.flatMap((setting) => ["-c", setting]);
  return { startParams: [...PGlite.defaultStartParams, ...params], initDbStartParams: params };
}

/**
 * Keeps V8 from recompiling PGlite's WebAssembly with its optimising compiler (TurboFan). With
 * dynamic tiering V8 re-compiles hot functions in the background; one of PostgreSQL's
 * (a 105 KB function body) takes 2.6 s of CPU and 600 MB of compiler memory on its own, which
 * is what made the server's resident memory peak at 0.8-1.2 GB and the first requests after a
 * start slow (issue #10). The baseline compiler (Liftoff) compiles the module in ~0.2 s.
 * Process-wide; PGlite is the only WebAssembly in the server. Must run before the module is
 * compiled (flags are read then). `PGLITE_WASM_TIER_UP=1` keeps V8's default.
 */
export function keepWasmOnBaselineCompiler(): void {
  if (process.env.PGLITE_WASM_TIER_UP === "1") return;
  v8.setFlagsFromString("--no-wasm-tier-up");
  v8.setFlagsFromString("--no-wasm-dynamic-tiering");
}
