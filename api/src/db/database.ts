import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { checkDataDirBeforeOpen, damagedFilesError, damagedRelationFiles, openFailure } from "./dataDirCheck";
import { keepWasmOnBaselineCompiler, PGLITE_SETTINGS, pgliteOptions } from "./pgliteSettings";
import { PreparingPGlite, preparingClientClass, StatementNames, sqlLiteral } from "./preparedStatements";
import * as schema from "./schema";

/** Drizzle over either driver; both speak PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle as passed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Called with the payload of each NOTIFY on a channel. */
export type NotificationHandler = (payload: string) => void;

/** Told when the LISTEN connection is lost (`"lost"`, with the error) or back again (`"restored"`). */
export type ListenStateHandler = (state: "lost" | "restored", err?: unknown) => void;

/** A NOTIFY to send once a transaction has committed (`Database.transactionThenNotify`). */
export interface PendingNotify {
  channel: string;
  /** At most 8000 bytes (PostgreSQL's limit). */
  payload: string;
}

/** What `transactionThenNotify` did: the work's value; `notifyError` when the commit succeeded but the NOTIFY failed. */
export interface CommittedResult<T> {
  value: T;
  /** True when the NOTIFY went out with the COMMIT (false on PGlite, or when `notifyOf` gave none). */
  notified: boolean;
  /** The NOTIFY's error after a successful commit (the queue full, a payload too long). */
  notifyError?: unknown;
}

/** An open database: drizzle, the kind, LISTEN support and a close. */
export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Subscribes to NOTIFY on `channel` (PostgreSQL server only; PGlite has one process). The
   * first call opens the LISTEN connection (and throws when it cannot); once open, a lost
   * connection is re-established with backoff and every channel listened to again.
   */
  listen(channel: string, handler: NotificationHandler): Promise<void>;
  /**
   * Registers a callback told when the LISTEN connection is lost and when it is back: NOTIFYs
   * sent in between were never delivered here, so the caller resyncs its clients.
   */
  onListenState(handler: ListenStateHandler): void;
  /** Sends NOTIFY with a payload of at most 8000 bytes. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `work` in a transaction (rolled back when it throws) and commits; on a PostgreSQL server
   * BEGIN is pipelined with the work's first statement (one round trip), and the NOTIFY `notifyOf(value)` gives (if any) travels in the same round trip as the COMMIT
   * (issue #10), as `COMMIT; SELECT pg_notify(...)`: one simple-query message whose second
   * statement runs in its own transaction only once the COMMIT is durable, so it is still
   * published after commit. Not NOTIFY inside the transaction: PostgreSQL then holds its global
   * notify-queue lock through the commit's WAL flush, one committing vote at a time (530/s on
   * this machine against 4,158/s; bench/README.md "scaleout"). On PGlite (one process) nothing
   * is sent and `notifyOf` is not called.
   * @throws the work's error, or the COMMIT's (then nothing was sent)
   */
  transactionThenNotify<T>(
    work: (tx: Db) => Promise<T>,
    notifyOf: (value: T) => PendingNotify | null,
  ): Promise<CommittedResult<T>>;
  close(): Promise<void>;
}

/**
 * node-postgres and drizzle's driver for it, loaded only when a PostgreSQL server is configured
 * (issue #10: an embedded-database server never loads them, ~40 modules and 0.1-0.2 s of start).
 */
function postgresDriver() {
  return {
    pg: require("pg") as typeof import("pg"),
    drizzlePg: (require("drizzle-orm/node-postgres") as typeof import("drizzle-orm/node-postgres")).drizzle,
    migratePg: (require("drizzle-orm/node-postgres/migrator") as typeof import("drizzle-orm/node-postgres/migrator"))
      .migrate,
  };
}

const MIGRATIONS = path.resolve(__dirname, "../../drizzle");
/** First and largest wait before re-opening a lost LISTEN connection (doubling, with jitter). */
const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 5000;
/** How long a new connection may take before it counts as failed (pool and LISTEN). */
const CONNECT_TIMEOUT_MS = 5000;
/**
 * Prepared statements always run their generic plan, planned once per connection (issue #10).
 * PostgreSQL's default (`auto`) plans the first five runs for their values and keeps doing so when
 * those plans look cheaper than the generic one: the story access of a guest's vote (its user id
 * null, which a custom plan can prune) was planned again on every vote, 0.43 ms of the database's
 * CPU each (pg_stat_statements, scale-out bench). Our statements look rows up by key, where the
 * generic plan is the custom one. PGlite gets the same setting at start (pgliteSettings).
 */
const GENERIC_PLANS = "SET plan_cache_mode = force_generic_plan";
/** Arbitrary constant key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 7_305_001;

/**
 * Opens PGlite in `dataDir` (created when missing; `memory://` keeps it in memory), or a PostgreSQL server when `databaseUrl`
 * is set, and applies pending migrations (under an advisory lock, so N instances may start
 * together).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { pg, drizzlePg, migratePg } = postgresDriver();
    const pool = new pg.Pool({
      Client: preparingClientClass(pg.Client, new StatementNames()),
      // A query goes out without waiting for the one before it on the same connection (node-postgres
      // pipelining): a transaction's BEGIN travels with its first statement (transactionThenNotify).
      pipeline: true,
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    pool.on("error", () => {
      /* an idle client died; the pool replaces it */
    });
    // A client checked out of the pool has no 'error' listener of the pool's; when the server
    // goes away mid-query, node-postgres rejects the query and then emits 'error', which
    // unhandled would end the process (issue #6 part 3). The query's rejection is what
    // callers see (503 SERVICE_UNAVAILABLE), and the pool drops the broken client on release.
    pool.on("connect", (client) => {
      client.on("error", () => undefined);
      // Before any other query of the connection (queries run in order): see GENERIC_PLANS.
      client.query(GENERIC_PLANS).catch(() => undefined);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const lockClient = await pool.connect();
    try {
      await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      lockClient.release();
    }
    const listener = new ListenConnection(opts.databaseUrl);
    /** Drizzle on one pool client, made once per client (the pool reuses its clients). */
    const clientDbs = new WeakMap<pg.PoolClient, Db>();
    return {
      db,
      kind: "postgres",
      async transactionThenNotify(work, notifyOf) {
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          let tx = clientDbs.get(client);
          if (!tx) {
            tx = drizzlePg(client, { schema }) as unknown as Db;
            clientDbs.set(client, tx);
          }
          // Pipelined (issue #10): BEGIN goes out with the work's first statement, one round trip.
          const begun = client.query("BEGIN");
          begun.catch(() => undefined); // its failure is the work's too; surfaced below
          let value: Awaited<ReturnType<typeof work>>;
          try {
            value = await work(tx);
            await begun;
          } catch (err) {
            await client.query("ROLLBACK").catch((rollbackErr: Error) => {
              broken = rollbackErr; // the pool drops this client instead of reusing it mid-transaction
            });
            throw err;
          }
          const pending = notifyOf(value);
          if (!pending) {
            await client.query("COMMIT");
            return { value, notified: false };
          }
          const text = `COMMIT; SELECT pg_notify(${sqlLiteral(pending.channel)}, ${sqlLiteral(pending.payload)})`;
          try {
            await client.query(text);
          } catch (err) {
            if (isNotifyError(err)) return { value, notified: false, notifyError: err };
            broken = err as Error;
            throw err;
          }
          return { value, notified: true };
        } finally {
          client.release(broken);
        }
      },
      listen: (channel, handler) => listener.listen(channel, handler),
      onListenState: (handler) => listener.onState(handler),
      async notify(channel, payload) {
        await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
      },
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }
  const client = await openPglite(opts.dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
  return {
    db,
    kind: "pglite",
    async transactionThenNotify(work) {
      return { value: await db.transaction((tx) => work(tx)), notified: false };
    },
    async listen() {
      /* one process: the hub delivers locally */
    },
    async notify() {
      /* one process: nothing to tell */
    },
    onListenState() {
      /* no LISTEN connection to lose */
    },
    async close() {
      await client.close();
    },
  };
}

/**
 * An empty database just after initdb, as a tar, for the tests' in-memory databases
 * (NODE_ENV=test only; undefined otherwise). initdb is 85 % of opening one (about 2 s of CPU
 * against 0.3 s to load this copy), and the suite opens hundreds; the copy is kept in the
 * system's temporary folder, named by PGlite's version and `PGLITE_SETTINGS`, written whole
 * under a temporary name and renamed so parallel test workers never read half a file.
 */
async function testTemplate(): Promise<Blob | undefined> {
  if (process.env.NODE_ENV !== "test") return undefined;
  const pglitePackage = path.join(path.dirname(require.resolve("@electric-sql/pglite")), "../package.json");
  const { version } = JSON.parse(fs.readFileSync(pglitePackage, "utf8")) as { version: string };
  const key = createHash("sha256")
    .update(`${version} ${PGLITE_SETTINGS.join(" ")}`)
    .digest("hex")
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `pointwise-pglite-template-${key}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const client = new PGlite(pgliteOptions());
  await client.waitReady;
  const tar = await client.dumpDataDir("none");
  await client.close();
  const partial = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(partial, Buffer.from(await tar.arrayBuffer()));
  fs.renameSync(partial, file);
  return tar;
}

/** The compiled first-start helper next to this file (absent when running from TypeScript sources). */
const INIT_SCRIPT = path.join(__dirname, "pgliteInit.js");

/** PostgreSQL log lines kept from PGlite's stderr, to say why an open failed. */
const STDERR_LINES_KEPT = 50;

/**
 * Opens PGlite in `dataDir` (`memory://...` keeps it in memory). An empty folder is first set up
 * by initdb in a short-lived child process (`pgliteInit.js`), as PostgreSQL's own initdb is a
 * separate program: initdb runs a second PostgreSQL instance and copies its whole memory, a
 * peak of hundreds of MB that this process would otherwise keep (issue #10: 842 MB idle after a
 * first start). Without the compiled helper (tests from sources) initdb runs here.
 *
 * The folder is checked (issue #23 section 7: a damaged one ended the process with `Aborted()`
 * and no hint, or served 500s while /api/health said ok): a folder with files but no
 * `PG_VERSION` is refused; when PostgreSQL cannot open it, its own log lines (PGlite's stderr)
 * name the damaged file; once open (crash recovery done), every relation file is read and a page
 * PostgreSQL would refuse, or a file cut mid-page, is named. Each says what to do.
 * @throws Error with initdb's output when the child fails; DataDirError for a damaged folder
 */
export async function openPglite(dataDir: string): Promise<PreparingPGlite> {
  keepWasmOnBaselineCompiler();
  if (dataDir.startsWith("memory://")) {
    const client = new PreparingPGlite(undefined, { ...pgliteOptions(), loadDataDir: await testTemplate() });
    await client.waitReady;
    return client;
  }
  checkDataDirBeforeOpen(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION")) && fs.existsSync(INIT_SCRIPT)) {
    try {
      await promisify(execFile)(process.execPath, [INIT_SCRIPT, dataDir], { maxBuffer: 16 * 1024 * 1024 });
    } catch (err) {
      const stderr = (err as { stderr?: string }).stderr;
      throw new Error(`initdb of ${dataDir} failed: ${stderr || (err instanceof Error ? err.message : err)}`);
    }
  }
  const stderr: string[] = [];
  const client = new PreparingPGlite(dataDir, {
    ...pgliteOptions(),
    onStderr: (line) => {
      stderr.push(line);
      if (stderr.length > STDERR_LINES_KEPT) stderr.shift();
      return false;
    },
  });
  try {
    await client.waitReady;
  } catch (err) {
    throw await openFailure(dataDir, err, stderr);
  }
  const damaged = await damagedRelationFiles(dataDir);
  if (damaged.length > 0) {
    await client.close().catch(() => undefined);
    throw damagedFilesError(dataDir, damaged);
  }
  return client;
}

/**
 * The one connection that LISTENs (a pooled one cannot: LISTEN belongs to a session). A
 * PostgreSQL restart, a failover or `pg_terminate_backend` ends it with an 'error' event,
 * which without a handler would end the process (issue #6 part 3). Here it is re-opened
 * with backoff (LISTEN_RETRY_MIN_MS doubling to LISTEN_RETRY_MAX_MS, jittered) and every
 * channel is listened to again; state handlers hear "lost" and then "restored".
 */
class ListenConnection {
  private client: pg.Client | undefined;
  private readonly handlers = new Map<string, NotificationHandler[]>();
  private readonly stateHandlers: ListenStateHandler[] = [];
  private retryMs = LISTEN_RETRY_MIN_MS;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private opened = false;

  constructor(private readonly url: string) {}

  onState(handler: ListenStateHandler): void {
    this.stateHandlers.push(handler);
  }

  async listen(channel: string, handler: NotificationHandler): Promise<void> {
    const list = this.handlers.get(channel) ?? [];
    list.push(handler);
    this.handlers.set(channel, list);
    if (!this.opened) {
      this.opened = true;
      try {
        await this.open();
      } catch (err) {
        this.opened = false;
        throw err;
      }
      return;
    }
    if (list.length === 1 && this.client) await this.client.query(listenSql(channel));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Connects and LISTENs on every channel; on failure the half-open client is ended. */
  private async open(): Promise<void> {
    // keepAlive: a silent network loss (no RST) also ends the connection, so it is re-opened.
    const client = new (postgresDriver().pg.Client)({
      connectionString: this.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    let lost = false;
    // Before open() returns, failures reject it (the caller retries); after, they land here.
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      client.end().catch(() => undefined);
      if (this.client !== client) return;
      this.client = undefined;
      if (this.closed) return;
      this.emit("lost", err);
      this.scheduleReopen();
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (msg) => {
      for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? "");
    });
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(listenSql(channel));
    } catch (err) {
      lost = true;
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private scheduleReopen(): void {
    const wait = Math.round(this.retryMs * (0.5 + Math.random() / 2));
    this.retryMs = Math.min(this.retryMs * 2, LISTEN_RETRY_MAX_MS);
    this.timer = setTimeout(() => {
      this.open().then(
        () => {
          if (this.closed) return;
          this.retryMs = LISTEN_RETRY_MIN_MS;
          this.emit("restored");
        },
        () => {
          if (!this.closed) this.scheduleReopen();
        },
      );
    }, wait);
    this.timer.unref();
  }

  private emit(state: "lost" | "restored", err?: unknown): void {
    for (const handler of this.stateHandlers) {
      try {
        handler(state, err);
      } catch {
        /* a handler's failure must not stop the reconnect */
      }
    }
  }
}

/**
 * Whether an error of `COMMIT; SELECT pg_notify(...)` came from the NOTIFY, i.e. after the
 * COMMIT succeeded: the notify queue full (54000) or a payload or channel PostgreSQL refused
 * (raised in Async_Notify / the queue code). Anything else (a lost connection, the COMMIT's own
 * error) is not, and the vote is then reported as failed (it may have committed: the client
 * retries an idempotent vote, as with any lost COMMIT answer).
 */
function isNotifyError(err: unknown): boolean {
  const e = err as { code?: string; routine?: string };
  return e.code === "54000" || /notify|asyncQueue/i.test(e.routine ?? "");
}

/** `LISTEN "<channel>"`, the channel name stripped of quotes (names are our constants). */
const listenSql = (channel: string): string => `LISTEN "${channel.replace(/"/g, "")}"`;

/**
 * The health check's read (issue #23 section 7: `SELECT 1` said ok while every request failed
 * on a damaged table): whether the tables every request reads hold a row, which reads each
 * one's first page (and its catalog entries), through the same planner and storage as requests.
 */
const HEALTH_READ = sql`select exists (select 1 from ${schema.session}) as "signIns",
  exists (select 1 from ${schema.users}) as "users",
  exists (select 1 from ${schema.pointingSessions}) as "sessions",
  exists (select 1 from ${schema.sessionParticipants}) as "participants",
  exists (select 1 from ${schema.stories}) as "stories",
  exists (select 1 from ${schema.votes}) as "votes"`;

/**
 * Why the database cannot serve now (e.g. "connect ECONNREFUSED 127.0.0.1:5432", "no answer
 * within 2000 ms", `invalid page in block 0 of relation "base/5/16732"`), or null when it
 * answers HEALTH_READ, a real read of the main tables, within `timeoutMs` (milliseconds).
 */
export async function databaseProblem(db: Db, timeoutMs = 2000): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  const ping = db.execute(HEALTH_READ).then(
    () => null,
    (err: unknown) => rootMessage(err),
  );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The innermost message of an error chain (Drizzle wraps the driver's error in `cause`). */
function rootMessage(err: unknown): string {
  let current: unknown = err;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  if (current instanceof AggregateError && current.errors[0] instanceof Error) current = current.errors[0];
  return current instanceof Error ? current.message || current.constructor.name : String(current);
}
