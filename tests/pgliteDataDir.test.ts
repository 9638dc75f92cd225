import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { ApiClient } from "../api/src/testing/apiClient";
import { buildSession, buildUser } from "../api/src/testing/factories";
import { testDbKind } from "../api/src/testing/testServer";
import { startServerProcess } from "./support/serverProcess";

/**
 * Issue #23 section 7: a damaged PGlite data folder ended the built server with `Aborted()` and
 * no hint, or let it serve 500s while /api/health said ok. Each case damages a copy of a real
 * data folder (written by the server itself) and starts `node api/dist/server.js` on it (build
 * it first: `npm run build:server`): the process must exit non-zero saying which file is
 * damaged and what to do. PGlite only (DATA_DIR); the PostgreSQL pass skips it.
 */
const SERVER = path.resolve(__dirname, "../api/dist/server.js");
const run = testDbKind() === "pglite" ? describe : describe.skip;

/** A port the kernel just handed out on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server on `dataDir` and resolves once it exits: its code and all it wrote. A
 * server that starts instead (its "Pointwise on http://..." line) is stopped, and `code` is null.
 */
async function startExpectingExit(dataDir: string): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_OPTIONS: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let started = false;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (!started && output.includes("Pointwise on http")) {
      started = true;
      child.kill("SIGTERM");
    }
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const code = await new Promise<number | null>((resolve) => child.once("close", (c) => resolve(c)));
  return { code: started ? null : code, output };
}

/** The path inside the data folder of a table's main file (`base/<db>/<relfilenode>`), read with PGlite. */
async function relationFile(dataDir: string, table: string): Promise<string> {
  const db = new PGlite(dataDir);
  try {
    const result = await db.query<{ path: string }>("select pg_relation_filepath($1::regclass) as path", [table]);
    return result.rows[0]?.path ?? "";
  } finally {
    await db.close();
  }
}

/** The newest WAL segment of the folder (`pg_wal/<24 hex digits>`). */
function walSegment(dataDir: string): string {
  const names = fs.readdirSync(path.join(dataDir, "pg_wal")).filter((n) => /^[0-9A-F]{24}$/.test(n));
  return `pg_wal/${names.sort().at(-1)}`;
}

/** Overwrites `length` bytes at `offset` of `file` with a fixed non-zero pattern. */
function garble(file: string, offset: number, length: number): void {
  const fd = fs.openSync(file, "r+");
  try {
    fs.writeSync(fd, Buffer.alloc(length, 0xa5), 0, length, offset);
  } finally {
    fs.closeSync(fd);
  }
}

run("a damaged PGlite data folder (DATA_DIR)", () => {
  let root: string;
  let good: string;
  let usersFile: string;
  let copies = 0;
  /** A fresh copy of the good folder, damaged by `damage` (given the copy's path). */
  const damagedCopy = (damage: (dir: string) => void): string => {
    const dir = path.join(root, `copy-${++copies}`);
    fs.cpSync(good, dir, { recursive: true });
    damage(dir);
    return dir;
  };
  /** The remedy every message gives: restore the backup, or move the folder away. */
  const expectRemedy = (output: string, dir: string) => {
    expect(output).toContain(`DATA_DIR=${dir} is damaged`);
    expect(output).toMatch(/restore the folder from your latest backup/);
    expect(output).toContain(`mv ${dir} ${dir}.damaged-`);
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "pointwise-datadir-"));
    good = path.join(root, "good");
    // A real folder: the server makes it, a person registers and starts a session, it stops.
    const server = await startServerProcess(null, { DATA_DIR: good });
    try {
      const ada = await buildUser(server.url, { firstName: "Ada" });
      await buildSession(server.url, { leader: ada, title: "Kept" });
    } finally {
      await server.stop();
    }
    usersFile = await relationFile(good, "users");
    expect(usersFile).toMatch(/^base\/\d+\/\d+$/);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("names a table file with a garbled page (it used to start, then answer 500s)", async () => {
    const dir = damagedCopy((d) => garble(path.join(d, usersFile), 0, 64));
    const { code, output } = await startExpectingExit(dir);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toContain(`${usersFile}: block 0: its page header is invalid`);
    expectRemedy(output, dir);
  });

  it("names a table file cut mid-page", async () => {
    const dir = damagedCopy((d) => fs.truncateSync(path.join(d, usersFile), 100));
    const { code, output } = await startExpectingExit(dir);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toContain(`${usersFile}: 100 bytes, not a whole number of 8 KiB pages`);
    expectRemedy(output, dir);
  });

  it("names global/pg_control when it is empty or garbled, instead of a bare Aborted()", async () => {
    for (const damage of [
      (d: string) => fs.truncateSync(path.join(d, "global/pg_control"), 0),
      (d: string) => garble(path.join(d, "global/pg_control"), 0, 16),
    ]) {
      const dir = damagedCopy(damage);
      const { code, output } = await startExpectingExit(dir);
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(output).toContain("  - global/pg_control");
      expectRemedy(output, dir);
    }
  });

  it("names the write-ahead log when its checkpoint cannot be read", async () => {
    let segment = "";
    const dir = damagedCopy((d) => {
      segment = walSegment(d);
      garble(path.join(d, segment), 0, 8192);
    });
    const { code, output } = await startExpectingExit(dir);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toContain(`  - ${segment}`);
    expectRemedy(output, dir);
  });

  it("refuses a folder that holds files but no database, and leaves them as they were", async () => {
    const dir = damagedCopy((d) => fs.rmSync(path.join(d, "PG_VERSION")));
    const before = fs.readdirSync(dir).sort();
    const { code, output } = await startExpectingExit(dir);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toMatch(/PG_VERSION is missing/);
    expectRemedy(output, dir);
    expect(fs.readdirSync(dir).sort()).toEqual(before);
  });

  it("still starts on the undamaged folder, with its data", async () => {
    const server = await startServerProcess(null, { DATA_DIR: damagedCopy(() => undefined) });
    try {
      const health = await new ApiClient(server.url).get<{ status: string }>("/api/health");
      expect(health.body.status).toBe("ok");
    } finally {
      await server.stop();
    }
  });
});
