/**
 * Starts and stops a Pointwise server (api/dist/server.js) as a child process for the
 * benchmarks, on 127.0.0.1 and a free port, against PGlite (a fresh temporary DATA_DIR) or
 * the local PostgreSQL server (a fresh throwaway database, dropped on stop). Also reads the
 * child's resident memory from /proc so the server is measured alone.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/** Which database the server under test uses. */
export type DbKind = "pglite" | "postgres";

/** Repository root (bench/lib/../..). */
export const REPO_ROOT = path.resolve(__dirname, "../..");

/** The tab's production build the built server serves (`npm run build -w tab`). */
export const TAB_DIST = path.join(REPO_ROOT, "tab/dist");

/** Fails early, with the command to run, when the tab has not been built. */
export function requireTabBuild(): void {
  if (!fs.existsSync(path.join(TAB_DIST, "index.html"))) {
    throw new Error(`${TAB_DIST}/index.html is missing: run "npm run build" first`);
  }
}
/** The built server; BENCH_SERVER_JS runs another build (e.g. a copy of the one before a change). */
const SERVER_JS = process.env.BENCH_SERVER_JS
  ? path.resolve(process.env.BENCH_SERVER_JS)
  : path.join(REPO_ROOT, "api/dist/server.js");

/** Admin connection to the local PostgreSQL server (trust auth); override with BENCH_PG_ADMIN_URL. */
export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A running server child and how to reach, measure and stop it. */
export interface BenchServer {
  kind: DbKind;
  port: number;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** ws://127.0.0.1:<port>/ws */
  wsUrl: string;
  /** PostgreSQL URL of the server's database (postgres only). */
  databaseUrl: string | undefined;
  /** PGlite data directory (pglite only). */
  dataDir: string | undefined;
  /** Pid of the current server process (changes after `restart`). */
  pid(): number;
  /** Stops the process but keeps the database. */
  halt(): Promise<void>;
  /** Starts the process again (same port, same database) after `halt`. */
  launch(): Promise<void>;
  /** Stops the process and deletes the database / data directory. */
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1, found by listening on port 0. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Runs one statement on the admin database of the local PostgreSQL server. */
async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How often a starting child's GET /api/health is tried (ms): bench/embedded times start-up with it. */
const HEALTH_POLL_MS = 20;
/** How long a start may take before it counts as failed (`BENCH_START_TIMEOUT`, s; default 30). */
const START_TIMEOUT_S = Number(process.env.BENCH_START_TIMEOUT ?? "30");

/** Every child still running, killed if the bench exits early (error, Ctrl-C). */
const liveChildren = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of liveChildren) child.kill("SIGKILL");
});

/**
 * Starts the server child and waits until GET /api/health answers ok (30 s at most).
 * @param kind PGlite (temporary DATA_DIR) or PostgreSQL (new database `pointwise_bench_*`)
 * @param extraEnv more environment for the child (e.g. NODE_OPTIONS)
 * @param shareDatabaseOf PostgreSQL only: run on this server's database instead of a new one
 *   (several instances on one database; the database is dropped by its owner's `stop`)
 * @throws Error with the child's output when it exits or does not become healthy
 */
export async function startServer(
  kind: DbKind,
  extraEnv: Record<string, string> = {},
  shareDatabaseOf?: BenchServer,
): Promise<BenchServer> {
  if (!fs.existsSync(SERVER_JS)) {
    throw new Error(`${SERVER_JS} is missing: run "npm run build -w core && npm run build -w api" first`);
  }
  const port = await freePort();
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  let dbName: string | undefined;
  if (kind === "postgres" && shareDatabaseOf?.databaseUrl) {
    databaseUrl = shareDatabaseOf.databaseUrl;
  } else if (kind === "postgres") {
    dbName = `pointwise_bench_${process.pid}_${Date.now()}`;
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pointwise-bench-"));
  }
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "development",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    AUTH_RATE_LIMIT_IP: "100000000",
    // Every bench client connects from 127.0.0.1 (bench/dos restores the default of 50).
    WS_MAX_SOCKETS_PER_IP: "100000000",
    // ...and so does every TCP connection: 500 joiners hold 500 (issue #23 section 5 caps them at 256).
    HTTP_MAX_CONNECTIONS_PER_IP: "100000000",
    // Benches vote faster per voter than a person (the dos victim every 100 ms; throughput runs):
    // the per-voter budget (issue #23 section 7) would measure itself instead.
    VOTE_RATE_PER_SECOND: "100000000",
    VOTE_BURST: "100000000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
    // PGLITE_WASM_TIER_UP=1 compares PGlite with V8's optimising compiler (api/src/db/pgliteSettings.ts).
    ...(process.env.PGLITE_WASM_TIER_UP ? { PGLITE_WASM_TIER_UP: process.env.PGLITE_WASM_TIER_UP } : {}),
    ...extraEnv,
  };

  let child: ChildProcess | undefined;
  let output = "";
  let stopping = false;
  const launch = async () => {
    output = "";
    // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" or "--trace-gc", profiles the server.
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
    const proc = spawn(process.execPath, [...nodeArgs, SERVER_JS], {
      cwd: REPO_ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = proc;
    liveChildren.add(proc);
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (process.env.BENCH_SERVER_LOG) process.stderr.write(`[server] ${chunk.toString()}`);
    };
    proc.stdout?.on("data", keep);
    proc.stderr?.on("data", keep);
    let exited = false;
    let ready = false;
    proc.once("exit", (code, signal) => {
      exited = true;
      liveChildren.delete(proc);
      if (!stopping && ready) {
        console.error(
          `\n!! server ${proc.pid} exited unexpectedly (code ${code}, signal ${signal}); last output:\n${output}`,
        );
      }
    });
    const deadline = Date.now() + START_TIMEOUT_S * 1000;
    while (Date.now() < deadline) {
      if (exited) throw new Error(`server exited during start-up:\n${output}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) {
          ready = true;
          return;
        }
      } catch {
        /* not listening yet */
      }
      await sleep(HEALTH_POLL_MS);
    }
    proc.kill("SIGKILL");
    throw new Error(`server not healthy within ${START_TIMEOUT_S} s:\n${output}`);
  };
  const halt = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    stopping = true;
    const exited = new Promise<void>((r) => proc.once("exit", () => r()));
    proc.kill("SIGTERM");
    const timer = setTimeout(() => proc.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
    stopping = false;
  };

  await launch();
  return {
    kind,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    databaseUrl,
    dataDir,
    pid: () => child?.pid ?? -1,
    halt,
    launch,
    async stop() {
      await halt();
      if (dbName) {
        await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((err: unknown) => {
          console.warn(`could not drop ${dbName}: ${err instanceof Error ? err.message : String(err)}`);
        });
      }
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** User time + system time of a process, in seconds (/proc/<pid>/stat). */
export function cpuSeconds(pid: number): number {
  let stat = "";
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return Number.NaN; // the process is gone
  }
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100; // USER_HZ is 100 on Linux
}

/** Resident and peak resident memory of a process, in MiB (from /proc/<pid>/status). */
export function readRss(pid: number): { rssMb: number; hwmMb: number } {
  let status = "";
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return { rssMb: Number.NaN, hwmMb: Number.NaN }; // the process is gone
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, hwmMb: kb("VmHWM") / 1024 };
}

/**
 * Runs SQL against the server's own database: directly with `pg` on PostgreSQL; on PGlite
 * (embedded in the server, one process only) the server is stopped, the data directory is
 * opened here, and the server is started again.
 */
export async function execSql(server: BenchServer, statements: { text: string; values?: unknown[] }[]): Promise<void> {
  if (server.kind === "postgres") {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      for (const s of statements) await client.query(s.text, s.values);
    } finally {
      await client.end();
    }
    return;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  await server.halt(); // the embedded database allows one process at a time
  const db = new PGlite(server.dataDir);
  await db.waitReady;
  try {
    for (const s of statements) await db.query(s.text, s.values);
  } finally {
    await db.close();
  }
  await server.launch();
}

/**
 * Raises `max_participants` of the sessions bigger than the API's limit (2..100; the database
 * allows up to 500), for benches of rooms of up to 500.
 */
export async function allowRoomSizes(
  server: BenchServer,
  rooms: readonly { n: number; sessionId: string }[],
): Promise<void> {
  const big = rooms.filter((r) => r.n > 100);
  if (big.length === 0) return;
  await execSql(
    server,
    big.map((r) => ({
      text: "UPDATE pointing_sessions SET max_participants = $1 WHERE id = $2",
      values: [r.n, r.sessionId],
    })),
  );
}
