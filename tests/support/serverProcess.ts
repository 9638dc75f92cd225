import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

const SERVER = path.resolve(__dirname, "../../api/dist/server.js");

/** A `node api/dist/server.js` child process and its base URL. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Exit code once it exited (null while it runs). */
  exitCode(): number | null;
  /** SIGTERM (graceful) unless it already exited; resolves on exit. */
  stop(): Promise<void>;
}

/**
 * Starts `node api/dist/server.js` (build it first: `npm run build:server`) on a free port
 * with `DATABASE_URL`, or with `databaseUrl` null on an in-memory PGlite database
 * (`DATA_DIR=memory://`), resolving once /api/health answers 200 (within START_LIMIT_MS: a bound for a failure, not a
 * wait; a loaded 2-core machine took over 15 s to start a server that runs PGlite's page checks).
 * @throws Error when the process exits or does not answer in time.
 */
export async function startServerProcess(
  databaseUrl: string | null,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  // Parallel test files start servers too: a port found free may be taken before the child
  // binds it (EADDRINUSE, exit 1), so a start that dies is tried again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(databaseUrl, env, await freePort());
    } catch (err) {
      if (attempt >= 3 || !(err instanceof ServerExited)) throw err;
    }
  }
}

/** How long a server may take to answer /api/health before its start counts as failed (ms). */
const START_LIMIT_MS = 60_000;

/** The child exited before it answered /api/health. */
class ServerExited extends Error {}

/** A port the kernel just handed out on 127.0.0.1 (free at that moment). */
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

async function startOnce(
  databaseUrl: string | null,
  env: Record<string, string>,
  port: number,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_OPTIONS: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      ...(databaseUrl === null ? { DATA_DIR: "memory://" } : { DATABASE_URL: databaseUrl }),
      LOG_LEVEL: "error",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const handle: ServerProcess = {
    url,
    child,
    exitCode: () => child.exitCode ?? (child.signalCode ? -1 : null),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new ServerExited(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return handle;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`server did not start within ${START_LIMIT_MS / 1000} s`);
}
