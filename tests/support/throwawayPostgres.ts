import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * A PostgreSQL server of a test's own, in a temporary folder, that the test may stop and start
 * (the suite's shared server must never be stopped: other test files use it in parallel).
 */
export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** `pg_ctl stop -m fast`: sessions are terminated (57P01), new connections refused. */
  stop(): Promise<void>;
  /** `pg_ctl start`, resolving once the server accepts connections. */
  start(): Promise<void>;
  /** Stops the server (if running) and deletes its folder. */
  destroy(): Promise<void>;
}

/** The newest `/usr/lib/postgresql/<version>/bin` holding `initdb` and `pg_ctl`, or null. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(a) - Number(b));
  const last = versions.at(-1);
  return last ? path.join(root, last, "bin") : null;
}

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * initdb into a temporary folder and starts the server on a free port. As root the commands
 * run as user `postgres` (initdb refuses root), as scripts/test.sh does.
 * @throws Error when no PostgreSQL binaries are installed (check postgresBinDir() first).
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("No PostgreSQL binaries under /usr/lib/postgresql");
  const isRoot = process.getuid?.() === 0;
  const as = (cmd: string, args: string[]) =>
    isRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]) : run(path.join(bin, cmd), args);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pointwise-outage-pg-"));
  if (isRoot) await run("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  await as("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync"]);
  const start = () =>
    as("pg_ctl", [
      "-D",
      data,
      "-l",
      path.join(dir, "log"),
      "-w",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      "start",
    ]).then(() => undefined);
  const stop = () => as("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]).then(() => undefined);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await as("pg_ctl", ["-D", data, "-m", "immediate", "stop"]).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
