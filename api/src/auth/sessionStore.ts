import { createHash } from "node:crypto";
import type { SessionStore } from "@fastify/session";
import { and, eq, lt, ne, sql } from "drizzle-orm";
import type * as Fastify from "fastify";
import type { Database, Db } from "../db/database";
import { session } from "../db/schema";

type StoredSession = Fastify.Session;

/** Name of the httpOnly sign-in cookie. */
export const SESSION_COOKIE = "pointwise.sid";
type Callback = (err?: unknown) => void;

/** Server-side expiry when the cookie has none (a browser-session cookie): 1 day. */
const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long (ms) a session read from the table is trusted from memory. A logout on this instance
 * drops it at once; one on another instance reaches this one by NOTIFY on SESSIONS_CHANNEL
 * (PostgreSQL), and even without it (the LISTEN connection lost) within this time.
 */
export const SESSION_CACHE_MS = 3000;
/**
 * @fastify/session saves the session after every request (rolling expiry). When only the expiry
 * moved, and by less than this (ms), the row is left alone: the stored expiry then lags the
 * cookie's by at most this much (against a 1-day or remember-me lifetime).
 */
export const SESSION_TOUCH_MS = 10 * 60 * 1000;
/** Entries kept at most; the oldest go first. */
const CACHE_LIMIT = 10_000;
/** NOTIFY channel telling other instances a session was destroyed (payload: the sid's SHA-256). */
export const SESSIONS_CHANNEL = "pointwise_sessions";

/** One remembered row: the session, its stored expiry and when it was read (ms). */
interface CachedSession {
  sess: StoredSession;
  /** JSON of the session without its cookie: what a save would change besides the expiry. */
  data: string;
  expire: number;
  readAt: number;
}

/** The key of a sid in the cache and in notifications (a sid is a secret: never sent as is). */
const keyOf = (sid: string): string => createHash("sha256").update(sid).digest("base64url");

/** The session's JSON without `cookie` (whose expiry moves on every request). */
function dataOf(sess: StoredSession): string {
  const { cookie: _cookie, ...rest } = sess as unknown as Record<string, unknown>;
  return JSON.stringify(rest);
}

/**
 * @fastify/session store on the `session` table (sid, sess, expire). An expired row reads as
 * no session; expired rows are deleted by `prune()`.
 *
 * Issue #10: every signed-in request used to read the row and write it back (rolling expiry),
 * two round trips per vote. Reads are now served from memory for SESSION_CACHE_MS, and a save
 * that changes nothing but the expiry (by less than SESSION_TOUCH_MS) writes nothing. `destroy`
 * (logout, a new sign-in) drops the entry here at once and, on PostgreSQL, on every other
 * instance by NOTIFY; `listen` must have been called for that (app.ts does).
 */
export class PgSessionStore implements SessionStore {
  private readonly db: Db;
  private readonly cache = new Map<string, CachedSession>();

  constructor(private readonly database: Database) {
    this.db = database.db;
  }

  /**
   * Subscribes to other instances' logouts; while the LISTEN connection is down (or just back)
   * the cache is emptied, since notifications may have been missed.
   */
  async listen(): Promise<void> {
    this.database.onListenState(() => this.cache.clear());
    await this.database.listen(SESSIONS_CHANNEL, (key) => {
      this.cache.delete(key);
    });
  }

  set(sid: string, sess: StoredSession, callback: Callback): void {
    const cookieExpires = sess.cookie?.expires ? new Date(sess.cookie.expires) : null;
    const expire = cookieExpires ?? new Date(Date.now() + DEFAULT_TTL_MS);
    const key = keyOf(sid);
    const data = dataOf(sess);
    const cached = this.cache.get(key);
    if (cached && cached.data === data && Math.abs(expire.getTime() - cached.expire) < SESSION_TOUCH_MS) {
      callback();
      return;
    }
    const value = JSON.parse(JSON.stringify(sess)) as Record<string, unknown>;
    this.cache.delete(key);
    this.db
      .insert(session)
      .values({ sid, sess: value, expire })
      .onConflictDoUpdate({ target: session.sid, set: { sess: value, expire } })
      .then(() => {
        this.remember(key, value as unknown as StoredSession, data, expire.getTime());
        callback();
      }, callback);
  }

  get(sid: string, callback: (err: unknown, result?: StoredSession | null) => void): void {
    const key = keyOf(sid);
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && now - cached.readAt < SESSION_CACHE_MS) {
      // A copy: @fastify/session keeps and changes what it is given.
      callback(null, cached.expire <= now ? null : structuredClone(cached.sess));
      return;
    }
    this.db
      .select()
      .from(session)
      .where(eq(session.sid, sid))
      .then((rows) => {
        const row = rows[0];
        if (!row) {
          this.cache.delete(key);
          return callback(null, null);
        }
        const sess = row.sess as unknown as StoredSession;
        this.remember(key, structuredClone(sess), dataOf(sess), row.expire.getTime());
        if (row.expire.getTime() <= Date.now()) return callback(null, null);
        callback(null, sess);
      }, callback);
  }

  destroy(sid: string, callback: Callback): void {
    const key = keyOf(sid);
    this.cache.delete(key);
    this.db
      .delete(session)
      .where(eq(session.sid, sid))
      .then(() => this.database.notify(SESSIONS_CHANNEL, key).catch(() => undefined))
      .then(() => {
        this.cache.delete(key); // a read racing the delete may have put it back
        callback();
      }, callback);
  }

  /**
   * Signs out every session of `userId` except `keepSid` (a password change, issue #11
   * section 4): the rows are deleted, dropped from this cache, and each is announced on
   * SESSIONS_CHANNEL so other instances drop theirs too. Returns how many were ended.
   */
  async destroyOthers(userId: string, keepSid: string): Promise<number> {
    const rows = await this.db
      .delete(session)
      .where(and(sql`${session.sess}->>'userId' = ${userId}`, ne(session.sid, keepSid)))
      .returning({ sid: session.sid });
    for (const row of rows) {
      const key = keyOf(row.sid);
      this.cache.delete(key);
      await this.database.notify(SESSIONS_CHANNEL, key).catch(() => undefined);
    }
    for (const row of rows) this.cache.delete(keyOf(row.sid)); // a read racing the delete may have put it back
    return rows.length;
  }

  /**
   * Signs out every session of `userId`, on every instance (a password reset, "Sign out
   * everywhere", account deletion; issue #13 section 2). Returns how many were ended.
   */
  async destroyAllOf(userId: string): Promise<number> {
    return this.destroyOthers(userId, "");
  }

  /** Deletes expired sessions; returns how many. */
  async prune(): Promise<number> {
    const rows = await this.db.delete(session).where(lt(session.expire, new Date())).returning({ sid: session.sid });
    for (const row of rows) this.cache.delete(keyOf(row.sid));
    return rows.length;
  }

  private remember(key: string, sess: StoredSession, data: string, expire: number): void {
    if (this.cache.size >= CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, { sess, data, expire, readAt: Date.now() });
  }
}
