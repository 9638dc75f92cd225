import type { SessionStore } from "@fastify/session";
import { eq, lt } from "drizzle-orm";
import type * as Fastify from "fastify";
import type { Db } from "../db/database";
import { session } from "../db/schema";

type StoredSession = Fastify.Session;

/** Name of the httpOnly sign-in cookie. */
export const SESSION_COOKIE = "pointwise.sid";
type Callback = (err?: unknown) => void;

/** Server-side expiry when the cookie has none (a browser-session cookie): 1 day. */
const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * @fastify/session store on the `session` table (sid, sess, expire). An expired row reads as
 * no session; expired rows are deleted by `prune()`.
 */
export class PgSessionStore implements SessionStore {
  constructor(private readonly db: Db) {}

  set(sid: string, sess: StoredSession, callback: Callback): void {
    const cookieExpires = sess.cookie?.expires ? new Date(sess.cookie.expires) : null;
    const expire = cookieExpires ?? new Date(Date.now() + DEFAULT_TTL_MS);
    const value = JSON.parse(JSON.stringify(sess)) as Record<string, unknown>;
    this.db
      .insert(session)
      .values({ sid, sess: value, expire })
      .onConflictDoUpdate({ target: session.sid, set: { sess: value, expire } })
      .then(() => callback(), callback);
  }

  get(sid: string, callback: (err: unknown, result?: StoredSession | null) => void): void {
    this.db
      .select()
      .from(session)
      .where(eq(session.sid, sid))
      .then((rows) => {
        const row = rows[0];
        if (!row || row.expire.getTime() <= Date.now()) return callback(null, null);
        callback(null, row.sess as unknown as StoredSession);
      }, callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.db
      .delete(session)
      .where(eq(session.sid, sid))
      .then(() => callback(), callback);
  }

  /** Deletes expired sessions; returns how many. */
  async prune(): Promise<number> {
    const rows = await this.db.delete(session).where(lt(session.expire, new Date())).returning({ sid: session.sid });
    return rows.length;
  }
}
