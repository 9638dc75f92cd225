import { eq, lt, sql } from "drizzle-orm";
import type { CommittedResult, Database, PendingNotify } from "../db/database";
import { realtimeEvents } from "../db/schema";

/** The NOTIFY channel every instance listens on. */
const CHANNEL = "pointwise_events";
/** PostgreSQL's NOTIFY payload limit is 8000 bytes; stay below it with the header. */
const INLINE_LIMIT = 7000;

/**
 * Where the broker hands the frames of other instances: `wants(key)` is asked first (a frame
 * stored in `realtime_events` is read only when someone here wants it), then `deliver(key, frame)`.
 */
export interface BrokerReceiver {
  /** True when this instance has a listener of `key` (a session id, `team:<id>` or `user:<id>`). */
  wants(key: string): boolean;
  /** Hands one serialised frame (UTF-8 JSON text) published for `key` by another instance. */
  deliver(key: string, frame: string): void;
}

/**
 * The broker between instances (DESIGN.md "Scale"; STYLE.md point 6, realtime after commit):
 * owns the one LISTEN/NOTIFY channel, the `realtime_events` table for frames over the NOTIFY
 * payload limit, and the count of failed NOTIFYs. A notification reads
 * `<instanceId>|<key>|<frame>` or `<instanceId>|<key>|@<realtime_events id>`; an instance skips
 * its own. It knows nothing of rooms, watchers or presence: keys are opaque to it. On PGlite
 * (one instance) it sends nothing.
 */
export class Broker {
  /**
   * NOTIFYs that failed since start (the pool timed out, the queue was full, the connection
   * dropped): the other instances' clients missed those pushes until their next snapshot.
   */
  notifyFailures = 0;
  private notifyErrorListener: ((err: unknown, key: string) => void) | undefined;

  /**
   * @param database the database whose channel carries the frames
   * @param instanceId this instance's id (the header of its notifications)
   */
  constructor(
    private readonly database: Database,
    private readonly instanceId: string,
  ) {}

  /** Starts listening to the other instances' frames, handed to `receiver`. */
  async listen(receiver: BrokerReceiver): Promise<void> {
    await this.database.listen(CHANNEL, (payload) => void this.onNotification(payload, receiver));
  }

  /**
   * Registers the callback told of each failed NOTIFY (app.ts logs it with the running count,
   * `notifyFailures`): `key` is the session id, `team:<id>` or `user:<id>`.
   */
  onNotifyError(listener: (err: unknown, key: string) => void): void {
    this.notifyErrorListener = listener;
  }

  /**
   * The NOTIFY that tells the other instances of `frame` for `key`, to send with the COMMIT of
   * the transaction that made the change (`Database.transactionThenNotify`; issue #10: one round
   * trip fewer per vote), or null on PGlite or when the frame is too large for a NOTIFY payload
   * (then `committed` sends it through `realtime_events` after commit).
   */
  notificationOf(key: string, frame: string): PendingNotify | null {
    if (this.database.kind !== "postgres" || Buffer.byteLength(frame) > INLINE_LIMIT) return null;
    return { channel: CHANNEL, payload: `${this.instanceId}|${key}|${frame}` };
  }

  /**
   * After a transaction committed with `notificationOf(key, frame)`: counts and reports the
   * NOTIFY if it failed, sends it now if it was not sent with the COMMIT. Never throws.
   */
  async committed(key: string, frame: string, committed: CommittedResult<unknown>): Promise<void> {
    if (committed.notifyError !== undefined) this.notifyFailed(committed.notifyError, key);
    else if (!committed.notified) await this.notify(key, frame);
  }

  /**
   * NOTIFY (PostgreSQL only) of one frame for `key` to the other instances: inline under the
   * payload limit, else stored in `realtime_events` and named by its id. Call it only after the
   * change has committed. Never throws: a failure is counted and reported (the change it
   * announces is committed; the other instances' clients catch up with their next snapshot).
   */
  async notify(key: string, frame: string): Promise<void> {
    if (this.database.kind !== "postgres") return;
    const header = `${this.instanceId}|${key}|`;
    try {
      if (Buffer.byteLength(frame) <= INLINE_LIMIT) {
        await this.database.notify(CHANNEL, `${header}${frame}`);
      } else {
        const [row] = await this.database.db
          .insert(realtimeEvents)
          .values({ payload: frame })
          .returning({ id: realtimeEvents.id });
        if (row) await this.database.notify(CHANNEL, `${header}@${row.id}`);
      }
    } catch (err) {
      this.notifyFailed(err, key);
    }
  }

  /**
   * Deletes `realtime_events` rows older than 60 seconds: every instance has read them by then
   * (the presence heartbeat calls it once a minute). Throws the database's error.
   */
  async pruneEvents(): Promise<void> {
    await this.database.db
      .delete(realtimeEvents)
      .where(lt(realtimeEvents.createdAt, sql`now() - interval '60 seconds'`));
  }

  /** Counts and reports one failed NOTIFY (it never throws: the change it announces is committed). */
  private notifyFailed(err: unknown, key: string): void {
    this.notifyFailures++;
    try {
      this.notifyErrorListener?.(err, key);
    } catch {
      /* a failing logger must not fail the request */
    }
  }

  /** One notification from the channel: another instance's frame, read from `realtime_events` if named by id. */
  private async onNotification(payload: string, receiver: BrokerReceiver): Promise<void> {
    const first = payload.indexOf("|");
    const second = payload.indexOf("|", first + 1);
    if (first < 0 || second < 0) return;
    if (payload.slice(0, first) === this.instanceId) return;
    const key = payload.slice(first + 1, second);
    if (!receiver.wants(key)) return;
    let frame = payload.slice(second + 1);
    if (frame.startsWith("@")) {
      const rows = await this.database.db
        .select({ payload: realtimeEvents.payload })
        .from(realtimeEvents)
        .where(eq(realtimeEvents.id, frame.slice(1)))
        .catch(() => []);
      if (!rows[0]) return;
      frame = rows[0].payload;
    }
    receiver.deliver(key, frame);
  }
}
