import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

/** Drizzle over either driver; both speak PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle as passed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Called with the payload of each NOTIFY on a channel. */
export type NotificationHandler = (payload: string) => void;

/** An open database: drizzle, the kind, LISTEN support and a close. */
export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Subscribes to NOTIFY on `channel` (PostgreSQL server only; PGlite has one process). */
  listen(channel: string, handler: NotificationHandler): Promise<void>;
  /** Sends NOTIFY with a payload of at most 8000 bytes. */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS = path.resolve(__dirname, "../../drizzle");
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
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on("error", () => {
      /* an idle client died; the pool replaces it */
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
    let listener: pg.Client | undefined;
    const handlers = new Map<string, NotificationHandler[]>();
    return {
      db,
      kind: "postgres",
      async listen(channel, handler) {
        if (!listener) {
          listener = new pg.Client({ connectionString: opts.databaseUrl });
          await listener.connect();
          listener.on("notification", (msg) => {
            for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? "");
          });
        }
        const list = handlers.get(channel) ?? [];
        list.push(handler);
        handlers.set(channel, list);
        if (list.length === 1) await listener.query(`LISTEN "${channel.replace(/"/g, "")}"`);
      },
      async notify(channel, payload) {
        await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
      },
      async close() {
        await listener?.end().catch(() => undefined);
        await pool.end();
      },
    };
  }
  const inMemory = opts.dataDir.startsWith("memory://");
  if (!inMemory) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = inMemory ? new PGlite() : new PGlite(opts.dataDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
  return {
    db,
    kind: "pglite",
    async listen() {
      /* one process: the hub delivers locally */
    },
    async notify() {
      /* one process: nothing to tell */
    },
    async close() {
      await client.close();
    },
  };
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
