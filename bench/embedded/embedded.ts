/**
 * Embedded database bench (issue #10, "Embedded database"): what a server child costs to start
 * and to keep idle on PGlite (a temporary DATA_DIR), with the local PostgreSQL server
 * (DATABASE_URL, a throwaway database) for comparison.
 *
 * For each database:
 * (a) first start on an empty data folder (PostgreSQL: an empty database): time from spawn to
 *     the first `GET /api/health` 200, then resident memory (VmRSS of the child, /proc) after
 *     `--settle` seconds idle, and the peak (VmHWM);
 * (b) a leader registers and creates a session; the server is stopped and started again on the
 *     same folder / database: time to healthy and idle RSS again;
 * (c) right after one more restart, 10 guests (`--guests`) join the session at once through
 *     `POST /api/sessions/:id/join-anonymous` (as the web app's guests do): wall time until all
 *     are in, the slowest join, the server's CPU time meanwhile (from /proc), and the idle RSS
 *     `--settle` seconds later;
 * (d) `--restarts` more restarts for a small sample of start-to-healthy times.
 * Each start also prints the server's CPU time until healthy (user + system, with that of child
 * processes it waited for, such as a first start's initdb: /proc/<pid>/stat), which a loaded
 * machine disturbs less than the wall time.
 * Prints the load average (1, 5, 15 min) at start and end.
 *
 * Options (argv or env): `--db pglite,postgres` (BENCH_DBS), `--settle 5` (s, BENCH_SETTLE),
 * `--guests 10` (BENCH_GUESTS), `--restarts 2` (BENCH_RESTARTS).
 */
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { ApiClient, registerUser } from "../lib/http";
import { loadAverage, option } from "../lib/options";
import { type BenchServer, cpuSeconds, type DbKind, readRss, startServer } from "../lib/server";
import { fmt, table } from "../lib/stats";

const DBS = option("db", "BENCH_DBS", "pglite,postgres").split(",") as DbKind[];
const SETTLE_S = Number(option("settle", "BENCH_SETTLE", "5"));
const GUESTS = Number(option("guests", "BENCH_GUESTS", "10"));
const RESTARTS = Number(option("restarts", "BENCH_RESTARTS", "2"));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** One database's figures: times in ms, memory in MiB. */
interface Result {
  db: DbKind;
  firstStartMs: number;
  /** Server CPU (user + system) from spawn to healthy, ms: steadier than wall time under load. */
  firstStartCpuMs: number;
  firstIdleRss: number;
  firstPeakRss: number;
  restartMs: number[];
  restartCpuMs: number[];
  restartIdleRss: number;
  restartPeakRss: number;
  joinAllMs: number;
  joinSlowestMs: number;
  joinCpuMs: number;
  /** Idle RSS `--settle` seconds after the joins (MiB): what a start-up-only saving keeps once used. */
  afterJoinRss: number;
}

/** CPU time of a process and of its waited-for children (user + system), ms; NaN when gone. */
function cpuWithChildrenMs(pid: number): number {
  let stat = "";
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return Number.NaN;
  }
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** Waits `SETTLE_S` idle seconds, then reads the child's resident and peak memory. */
async function idleRss(server: BenchServer): Promise<{ rssMb: number; hwmMb: number }> {
  await sleep(SETTLE_S * 1000);
  return readRss(server.pid());
}

/** `GUESTS` guests join `sessionId` at once; wall time, slowest join and server CPU (ms). */
async function joinGuests(server: BenchServer, sessionId: string) {
  const { csrfToken } = await new ApiClient(server.baseUrl).request<{ csrfToken: string }>("GET", "/api/csrf-token");
  const cpu0 = cpuSeconds(server.pid());
  const started = performance.now();
  const each = await Promise.all(
    Array.from({ length: GUESTS }, async (_, i) => {
      const t0 = performance.now();
      const res = await fetch(`${server.baseUrl}/api/sessions/${sessionId}/join-anonymous`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `csrf-token=${csrfToken}`, "x-csrf-token": csrfToken },
        body: JSON.stringify({ displayName: `Guest ${i + 1}` }),
      });
      if (!res.ok) throw new Error(`join-anonymous -> ${res.status} ${await res.text()}`);
      await res.json();
      return performance.now() - t0;
    }),
  );
  const allMs = performance.now() - started;
  return { allMs, slowestMs: Math.max(...each), cpuMs: (cpuSeconds(server.pid()) - cpu0) * 1000 };
}

async function run(db: DbKind): Promise<Result> {
  const t0 = performance.now();
  const server = await startServer(db);
  try {
    const firstStartMs = performance.now() - t0;
    const firstStartCpuMs = cpuWithChildrenMs(server.pid());
    const first = await idleRss(server);

    const leader = new ApiClient(server.baseUrl);
    await registerUser(leader, "leader");
    const session = await leader.post<{ id: string }>("/api/sessions", { title: "Embedded" });

    const restartMs: number[] = [];
    const restartCpuMs: number[] = [];
    const restart = async () => {
      await server.halt();
      const started = performance.now();
      await server.launch();
      restartMs.push(performance.now() - started);
      restartCpuMs.push(cpuWithChildrenMs(server.pid()));
    };
    await restart();
    const again = await idleRss(server);
    await restart();
    const join = await joinGuests(server, session.id);
    const afterJoin = await idleRss(server);

    for (let i = 0; i < RESTARTS; i++) {
      await restart();
    }
    return {
      db,
      firstStartMs,
      firstStartCpuMs,
      firstIdleRss: first.rssMb,
      firstPeakRss: first.hwmMb,
      restartMs,
      restartCpuMs,
      restartIdleRss: again.rssMb,
      restartPeakRss: again.hwmMb,
      joinAllMs: join.allMs,
      joinSlowestMs: join.slowestMs,
      joinCpuMs: join.cpuMs,
      afterJoinRss: afterJoin.rssMb,
    };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  console.log(`load average at start: ${loadAverage()}`);
  console.log(`idle settle ${SETTLE_S} s, ${GUESTS} guests, ${RESTARTS} extra restarts; Node ${process.version}\n`);
  const results: Result[] = [];
  for (const db of DBS) results.push(await run(db));
  const rows = [["", ...results.map((r) => r.db)]];
  const add = (label: string, value: (r: Result) => string) => rows.push([label, ...results.map(value)]);
  add("first start (empty folder): start to healthy (ms)", (r) => fmt(r.firstStartMs, 0));
  add("first start: server CPU to healthy (ms)", (r) => fmt(r.firstStartCpuMs, 0));
  add("first start: idle RSS (MiB)", (r) => fmt(r.firstIdleRss, 0));
  add("first start: peak RSS (MiB)", (r) => fmt(r.firstPeakRss, 0));
  add("restart: start to healthy (ms, each)", (r) => r.restartMs.map((ms) => fmt(ms, 0)).join(" / "));
  add("restart: server CPU to healthy (ms, each)", (r) => r.restartCpuMs.map((ms) => fmt(ms, 0)).join(" / "));
  add("restart: idle RSS (MiB)", (r) => fmt(r.restartIdleRss, 0));
  add("restart: peak RSS (MiB)", (r) => fmt(r.restartPeakRss, 0));
  add(`${GUESTS} guests join right after restart: all in (ms)`, (r) => fmt(r.joinAllMs, 0));
  add("  slowest join (ms)", (r) => fmt(r.joinSlowestMs, 0));
  add("  server CPU meanwhile (ms)", (r) => fmt(r.joinCpuMs, 0));
  add("  idle RSS after the joins (MiB)", (r) => fmt(r.afterJoinRss, 0));
  console.log(table(rows));
  console.log(`\nload average at end: ${loadAverage()}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
