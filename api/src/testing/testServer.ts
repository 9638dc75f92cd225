import { randomBytes } from "node:crypto";
import pg from "pg";
import { buildApp } from "../app";
import { startAppContext } from "../appContext";
import { loadConfig } from "../config";
import type { AppContext } from "../context";
import { openDatabase } from "../db/database";

/** A running server for tests: its base URL, its context, and a close that drops its data. */
export interface TestServer {
  url: string;
  ctx: AppContext;
  /** Every route the app registered (Fastify's `onRoute`), in registration order. */
  routes: RegisteredRoute[];
  close(): Promise<void>;
}

/** One registered route: each method of a route is a row of its own (HEAD included). */
export interface RegisteredRoute {
  method: string;
  /** The path as registered, with its `:params` (e.g. `/api/sessions/:id/card`). */
  url: string;
}

/** Which database the suite runs on: `PW_TEST_DB=postgres` selects the PostgreSQL server. */
export const testDbKind = (): "pglite" | "postgres" => (process.env.PW_TEST_DB === "postgres" ? "postgres" : "pglite");

/** Admin URL of the PostgreSQL server used by the suite (the test script sets it). */
const adminUrl = () => process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Creates an empty database on the PostgreSQL server and returns its URL and a drop function.
 * Each test file gets its own, so files run in parallel without seeing each other's rows.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pw_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Two servers sharing one scratch PostgreSQL database, and a close that stops both and drops it. */
export interface TwoInstances {
  a: TestServer;
  b: TestServer;
  /** The shared database's URL. */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * Starts two instances on one scratch database (PostgreSQL suites only: PGlite has one
 * instance), for tests of pushes, presence and caches across instances (DESIGN.md "Scale").
 */
export async function startTwoInstances(env?: Record<string, string>): Promise<TwoInstances> {
  const scratch = await createScratchDatabase();
  const a = await startTestServer({ databaseUrl: scratch.url, env });
  const b = await startTestServer({ databaseUrl: scratch.url, env });
  return {
    a,
    b,
    databaseUrl: scratch.url,
    async close() {
      await a.close();
      await b.close();
      await scratch.drop();
    },
  };
}

/**
 * Starts the real server on 127.0.0.1 with a random port: in-memory PGlite, or (PW_TEST_DB=
 * postgres) a scratch database on the PostgreSQL server, or the given `databaseUrl` (two
 * instances sharing one database).
 */
export async function startTestServer(
  opts: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<TestServer> {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let databaseUrl = opts.databaseUrl;
  if (!databaseUrl && testDbKind() === "postgres") {
    scratch = await createScratchDatabase();
    databaseUrl = scratch.url;
  }
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: "memory://",
    AUTH_RATE_LIMIT_IP: "100000",
    AUTH_RATE_LIMIT_ACCOUNT: "100000",
    // Tests cast votes in loops (history, fuzzing); voteRateLimiter's own tests set their budget.
    VOTE_RATE_PER_SECOND: "100000",
    VOTE_BURST: "100000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...opts.env,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
  const ctx = await startAppContext(config, database);
  const hub = ctx.hub;
  const routes: RegisteredRoute[] = [];
  const app = await buildApp(ctx, {
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method, url: route.url });
    },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    ctx,
    routes,
    async close() {
      await hub.stop();
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}
