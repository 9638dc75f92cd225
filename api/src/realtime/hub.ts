import { randomUUID } from "node:crypto";
import type { ServerMessage } from "@pointwise/core/realtime";
import { PRESENCE_GRACE_SECONDS, parseVoterKey, voterKeyOf } from "@pointwise/core/voters";
import { and, eq, gt, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { CommittedResult, Database, PendingNotify } from "../db/database";
import { realtimeEvents, realtimeInstances, realtimePresence, sessionParticipants } from "../db/schema";
import { voterRowOf } from "./voterRow";

/** The NOTIFY channel every instance listens on. */
const CHANNEL = "pointwise_events";
/** PostgreSQL's NOTIFY payload limit is 8000 bytes; stay below it with the header. */
const INLINE_LIMIT = 7000;
/**
 * An instance whose `realtime_instances` row was not refreshed for this long (seconds) is dead,
 * and so are its presence rows. With a beat every HEARTBEAT_MS (milliseconds), a killed
 * instance's voters go offline on the others between TTL - beat and TTL + beat after the kill:
 * 5.5-10.5 s (issue #6 part 3 asks < 15 s; measured by tests/instanceDeath.test.ts). A live
 * instance must miss three beats in a row to be taken for dead, and its next beat puts its rows
 * back.
 */
export const PRESENCE_TTL_SECONDS = 8;
/** Interval of the presence heartbeat (milliseconds): one query refreshes and sweeps. */
export const HEARTBEAT_MS = 2500;

/**
 * The `realtime_instances.seen_at` after which an instance is live (PRESENCE_TTL_SECONDS before
 * now, on the database's clock): the one home of the liveness rule for the reads and the beat.
 */
const liveSince = (): SQL => sql`now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`;

/**
 * The voterKeys connected to `sessionId` on a live instance (a presence row whose instance's row
 * is fresh): the one definition of "online", for the queries that read the room
 * (queries/roundProgress) and the hub's own.
 */
export function liveVoterKeysSql(sessionId: string): SQL {
  return sql`select distinct rp.voter_key from realtime_presence rp
    join realtime_instances ri on ri.instance_id = rp.instance_id
      and ri.seen_at > ${liveSince()}
    where rp.session_id = ${sessionId}`;
}
/** Old `realtime_events` rows are deleted every this many beats (once a minute). */
const EVENTS_CLEANUP_BEATS = 24;

/** One open WebSocket as the hub needs it. */
export interface HubConnection {
  sessionId: string;
  voterKey: string;
  /**
   * Sends one already-serialised frame: UTF-8 JSON, to send as a text frame. A Buffer, encoded
   * once per push and shared by every recipient (issue #10: a join's push reaches the whole room).
   */
  send(frame: Buffer): void;
  /**
   * Closes the connection because its voter was removed from the session (issue #8 section 1),
   * right after the `participant_removed` frame was sent to it.
   */
  evict?(): void;
}

/**
 * One socket's listener of its teams' pushes (issue #11): given the parsed `team_updated`, it
 * re-checks membership before sending anything. It also gets the hub's own frames (`resync`,
 * SERVICE_UNAVAILABLE), once per watcher however many teams it watches.
 */
export type TeamWatcher = (message: ServerMessage) => void;

/** NOTIFY keys of team pushes begin like this (session keys are uuids, so they never clash). */
const TEAM_KEY_PREFIX = "team:";
/** NOTIFY keys of a user's own pushes (`team_added`) begin like this. */
const USER_KEY_PREFIX = "user:";

/** Frames naming a removed voter begin like this (JSON.stringify keeps the `type` key first). */
const REMOVED_PREFIX = '{"type":"participant_removed"';

/**
 * A presence change of one voter: `online` (first connection anywhere), `offline` (last one
 * gone: the grace starts, they still count as present) or `absent` (the grace ran out with no
 * connection; issue #8 section 1).
 */
export type PresenceChange = "online" | "offline" | "absent";

/** Listener of presence changes. */
export type PresenceListener = (sessionId: string, voterKey: string, change: PresenceChange) => void;

/** Hub settings. */
export interface HubOptions {
  /** Seconds a disconnected voter still counts as present (config PRESENCE_GRACE_SECONDS). */
  presenceGraceSeconds?: number;
}

/**
 * Rooms of WebSocket connections per session, and the fan-out of pushes: a message is
 * serialised once, sent to the local room, and (on a PostgreSQL server) published with
 * NOTIFY so every other instance sends it to its own room. Messages over the NOTIFY limit
 * travel through the `realtime_events` table. Presence is kept per instance in
 * `realtime_presence`, so the Live badge is right across instances.
 */
export class Hub {
  readonly instanceId = randomUUID();
  private readonly rooms = new Map<string, Set<HubConnection>>();
  /** Local watchers per team id (`watch_team`; issue #11). */
  private readonly teamWatchers = new Map<string, Set<TeamWatcher>>();
  /** Local watchers per user id (`watch_my_teams`; issue #11): told when the user joins a team. */
  private readonly userWatchers = new Map<string, Set<TeamWatcher>>();
  private heartbeat: NodeJS.Timeout | undefined;
  private presenceListener: PresenceListener | undefined;
  private readonly publishListeners: ((sessionId: string, message: ServerMessage) => void)[] = [];
  private notifyErrorListener: ((err: unknown, key: string) => void) | undefined;
  /**
   * NOTIFYs that failed since start (the pool timed out, the queue was full, the connection
   * dropped): the other instances' clients missed those pushes until their next snapshot.
   */
  notifyFailures = 0;
  /** Set by stop(): connections closing during shutdown leave no database work behind. */
  private stopping = false;
  private beats = 0;
  private beating: Promise<void> | undefined;

  /** Seconds a disconnected voter still counts as present (issue #8 section 1). */
  readonly presenceGraceSeconds: number;

  constructor(
    private readonly database: Database,
    options: HubOptions = {},
  ) {
    this.presenceGraceSeconds = options.presenceGraceSeconds ?? PRESENCE_GRACE_SECONDS;
  }

  /**
   * Starts listening to other instances and the presence heartbeat. When the LISTEN
   * connection is lost (database restart, failover, terminated backend) every local client
   * is told (`error` SERVICE_UNAVAILABLE); when it is back, each is sent `resync` and rejoins
   * for a fresh snapshot, since pushes sent in between never arrived (issue #6 part 3).
   */
  async start(): Promise<void> {
    this.database.onListenState((state) => {
      if (state === "lost") {
        this.broadcastLocal({
          type: "error",
          code: "SERVICE_UNAVAILABLE",
          message: "Live updates are paused: the database is unreachable. Reconnecting...",
        });
      } else {
        void this.resyncLocal();
      }
    });
    await this.database.listen(CHANNEL, (payload) => void this.onNotification(payload));
    // The instance's row before any presence row: those count only while it is fresh.
    await this.beat();
    this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Sends one frame to every local connection of every room, and once to every team watcher. */
  private broadcastLocal(message: ServerMessage): void {
    const frame = Buffer.from(JSON.stringify(message));
    for (const room of this.rooms.values()) for (const conn of room) conn.send(frame);
    const watchers = new Set<TeamWatcher>();
    for (const set of this.teamWatchers.values()) for (const watcher of set) watchers.add(watcher);
    for (const set of this.userWatchers.values()) for (const watcher of set) watchers.add(watcher);
    for (const watcher of watchers) watcher(message);
  }

  /** After LISTEN is back: presence rows first (they may have expired), then `resync` to all. */
  private async resyncLocal(): Promise<void> {
    await this.beat();
    this.broadcastLocal({ type: "resync", reason: "Live updates were interrupted; rejoin for a fresh snapshot." });
  }

  /** Stops the heartbeat and removes this instance's presence rows. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.heartbeat);
    // Voters connected here start their grace now (issue #8 section 1): they may reconnect elsewhere.
    await this.database.db
      .execute(
        sql`UPDATE session_participants sp SET present_until = ${this.graceEndSql()}
            FROM realtime_presence rp
            WHERE rp.instance_id = ${this.instanceId} AND rp.session_id = sp.session_id AND sp.removed_at IS NULL
              AND rp.voter_key = CASE WHEN sp.user_id IS NOT NULL THEN 'u:' || sp.user_id ELSE 'p:' || sp.id END`,
      )
      .catch(() => undefined);
    await this.database.db
      .delete(realtimePresence)
      .where(eq(realtimePresence.instanceId, this.instanceId))
      .catch(() => undefined);
    await this.database.db
      .delete(realtimeInstances)
      .where(eq(realtimeInstances.instanceId, this.instanceId))
      .catch(() => undefined);
  }

  /** Registers the callback told when a voter comes online or goes offline. */
  onPresence(listener: PresenceListener): void {
    this.presenceListener = listener;
  }

  /** Registers a listener told of every message this instance publishes (e.g. Teams card updates). */
  onPublish(listener: (sessionId: string, message: ServerMessage) => void): void {
    this.publishListeners.push(listener);
  }

  /**
   * Registers the callback told of each failed NOTIFY (app.ts logs it with the running count,
   * `notifyFailures`): `key` is the session id or `team:<id>`.
   */
  onNotifyError(listener: (err: unknown, key: string) => void): void {
    this.notifyErrorListener = listener;
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

  /** Number of local connections (all rooms). */
  get connectionCount(): number {
    let n = 0;
    for (const room of this.rooms.values()) n += room.size;
    return n;
  }

  /**
   * True when the voter has an open connection to this instance in the session: they count as
   * present (realtime_presence) for as long as it lasts, and their grace starts when it closes.
   */
  isConnectedHere(sessionId: string, voterKey: string): boolean {
    const room = this.rooms.get(sessionId);
    if (!room) return false;
    for (const conn of room) if (conn.voterKey === voterKey) return true;
    return false;
  }

  /** Adds a connection to its session's room and records its presence. */
  async join(conn: HubConnection): Promise<void> {
    let room = this.rooms.get(conn.sessionId);
    if (!room) {
      room = new Set();
      this.rooms.set(conn.sessionId, room);
    }
    const firstLocal = ![...room].some((c) => c.voterKey === conn.voterKey);
    room.add(conn);
    if (!firstLocal) return;
    await this.database.db
      .insert(realtimePresence)
      .values({ instanceId: this.instanceId, sessionId: conn.sessionId, voterKey: conn.voterKey })
      .onConflictDoNothing();
    this.presenceListener?.(conn.sessionId, conn.voterKey, "online");
  }

  /** Removes a connection; when the voter has no connection left anywhere, reports it offline. */
  async leave(conn: HubConnection): Promise<void> {
    const room = this.rooms.get(conn.sessionId);
    if (!room?.delete(conn)) return;
    if (room.size === 0) this.rooms.delete(conn.sessionId);
    if (this.stopping || [...room].some((c) => c.voterKey === conn.voterKey)) return;
    await this.database.db
      .delete(realtimePresence)
      .where(
        and(
          eq(realtimePresence.instanceId, this.instanceId),
          eq(realtimePresence.sessionId, conn.sessionId),
          eq(realtimePresence.voterKey, conn.voterKey),
        ),
      )
      .catch(() => undefined);
    const online = await this.onlineVoters(conn.sessionId, [conn.voterKey]).catch(() => [] as string[]);
    if (online.includes(conn.voterKey)) return;
    await this.markLastSeen(conn.sessionId, conn.voterKey).catch(() => undefined);
    this.presenceListener?.(conn.sessionId, conn.voterKey, "offline");
  }

  /**
   * Records that a voter was present just now without a connection (issue #8 section 1): their
   * participant row's `present_until` becomes now + the grace. Called when their last connection
   * closes anywhere, when a dead instance's rows are swept, and for Teams card actions.
   */
  async markLastSeen(sessionId: string, voterKey: string): Promise<void> {
    const ids = parseVoterKey(voterKey);
    if (!ids) return;
    await this.database.db
      .update(sessionParticipants)
      .set({ presentUntil: this.graceEndSql() })
      .where(and(voterRowOf(sessionId, ids), isNull(sessionParticipants.removedAt)));
  }

  /** SQL for the end of a grace starting now (database clock): `now() + presenceGraceSeconds`. */
  graceEndSql() {
    return sql`now() + make_interval(secs => ${this.presenceGraceSeconds})`;
  }

  /**
   * voterKeys connected to a session on any live instance; with `among`, only which of those are
   * (the Live badge needs the leaders only, a closing socket its own voter: issue #10, a join read
   * the whole room's presence for one badge).
   */
  async onlineVoters(sessionId: string, among?: readonly string[]): Promise<string[]> {
    const map = await this.onlineBySession([sessionId], among);
    return [...(map.get(sessionId) ?? [])];
  }

  /** voterKeys connected per session, for many sessions in one query; with `among`, only those voterKeys. */
  async onlineBySession(sessionIds: string[], among?: readonly string[]): Promise<Map<string, Set<string>>> {
    const result = new Map<string, Set<string>>();
    if (sessionIds.length === 0 || among?.length === 0) return result;
    // Arrays as one parameter each: the same statement text (prepared once) at any count.
    const rows = await this.database.db
      .selectDistinct({ sessionId: realtimePresence.sessionId, voterKey: realtimePresence.voterKey })
      .from(realtimePresence)
      .innerJoin(
        realtimeInstances,
        and(eq(realtimeInstances.instanceId, realtimePresence.instanceId), gt(realtimeInstances.seenAt, liveSince())),
      )
      .where(
        and(
          sql`${realtimePresence.sessionId} = any(${sql.param(sessionIds)}::uuid[])`,
          among ? sql`${realtimePresence.voterKey} = any(${sql.param([...among])}::text[])` : undefined,
        ),
      );
    for (const row of rows) {
      const set = result.get(row.sessionId) ?? new Set<string>();
      set.add(row.voterKey);
      result.set(row.sessionId, set);
    }
    return result;
  }

  /**
   * Sends `message` to every connection of the session, on every instance. Call it only
   * after the transaction that made the change has committed (STYLE.md point 6).
   */
  async publish(sessionId: string, message: ServerMessage): Promise<void> {
    const frame = JSON.stringify(message);
    this.deliver(sessionId, frame);
    for (const listener of this.publishListeners) listener(sessionId, message);
    await this.notifyOthers(sessionId, frame);
  }

  /**
   * The NOTIFY that tells the other instances of `message` in a session, to send with the COMMIT
   * of the transaction that made the change (`Database.transactionThenNotify`; issue #10: one
   * round trip fewer per vote), or null on PGlite or when the frame is too large for a
   * NOTIFY payload (then `publishCommitted` sends it through `realtime_events` after commit).
   */
  notificationOf(sessionId: string, frame: string): PendingNotify | null {
    if (this.database.kind !== "postgres" || Buffer.byteLength(frame) > INLINE_LIMIT) return null;
    return { channel: CHANNEL, payload: `${this.instanceId}|${sessionId}|${frame}` };
  }

  /**
   * `publish` for a change whose transaction has committed with `notificationOf(sessionId,
   * frame)` (`committed`): sends `frame` (JSON.stringify of `message`) to the local room and
   * the publish listeners; the other instances have it by then, unless the NOTIFY was not sent
   * with the COMMIT (sent now) or failed (counted and reported).
   */
  async publishCommitted(
    sessionId: string,
    message: ServerMessage,
    frame: string,
    committed: CommittedResult<unknown>,
  ): Promise<void> {
    this.deliver(sessionId, frame);
    for (const listener of this.publishListeners) listener(sessionId, message);
    if (committed.notifyError !== undefined) this.notifyFailed(committed.notifyError, sessionId);
    else if (!committed.notified) await this.notifyOthers(sessionId, frame);
  }

  /**
   * Registers a watcher of a team's pushes on this instance (`watch_team`; issue #11).
   * @returns the function that unregisters it
   */
  watchTeam(teamId: string, watcher: TeamWatcher): () => void {
    return addWatcher(this.teamWatchers, teamId, watcher);
  }

  /**
   * Registers a watcher of one user's own pushes on this instance (`watch_my_teams`: `team_added`;
   * issue #11). It also gets the hub's own frames, once, like a team watcher.
   * @returns the function that unregisters it
   */
  watchUser(userId: string, watcher: TeamWatcher): () => void {
    return addWatcher(this.userWatchers, userId, watcher);
  }

  /**
   * Sends a push meant for one user (`team_added`) to their watchers on every instance, through
   * the same NOTIFY channel as session pushes. Call it only after the change has committed.
   */
  async publishUser(userId: string, message: ServerMessage): Promise<void> {
    const frame = JSON.stringify(message);
    this.deliverWatchers(this.userWatchers, userId, frame);
    await this.notifyOthers(`${USER_KEY_PREFIX}${userId}`, frame);
  }

  /**
   * Sends a team's push (`team_updated`) to its watchers on every instance, through the same
   * NOTIFY channel as session pushes. Call it only after the change has committed.
   */
  async publishTeam(teamId: string, message: ServerMessage): Promise<void> {
    const frame = JSON.stringify(message);
    this.deliverTeam(teamId, frame);
    await this.notifyOthers(`${TEAM_KEY_PREFIX}${teamId}`, frame);
  }

  /** Hands a team frame to this instance's watchers of the team. */
  private deliverTeam(teamId: string, frame: string): void {
    this.deliverWatchers(this.teamWatchers, teamId, frame);
  }

  /** Hands a frame to this instance's watchers of `id` in `watchers` (teams or users). */
  private deliverWatchers(watchers: Map<string, Set<TeamWatcher>>, id: string, frame: string): void {
    const set = watchers.get(id);
    if (!set) return;
    const message = JSON.parse(frame) as ServerMessage;
    for (const watcher of [...set]) watcher(message);
  }

  /** NOTIFY (PostgreSQL only) of one frame for `key` (a session id, `team:<id>` or `user:<id>`) to the other instances. */
  private async notifyOthers(key: string, frame: string): Promise<void> {
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
      // Other instances miss this push; their clients catch up with their next snapshot.
      this.notifyFailed(err, key);
    }
  }

  /** Sends one serialised frame to the local room of a session. */
  private deliver(sessionId: string, frame: string): void {
    const room = this.rooms.get(sessionId);
    if (!room) return;
    const data = Buffer.from(frame);
    for (const conn of room) conn.send(data);
    if (frame.startsWith(REMOVED_PREFIX)) {
      const { voterKey } = JSON.parse(frame) as { voterKey: string };
      for (const conn of [...room]) if (conn.voterKey === voterKey) conn.evict?.();
    }
  }

  private async onNotification(payload: string): Promise<void> {
    const first = payload.indexOf("|");
    const second = payload.indexOf("|", first + 1);
    if (first < 0 || second < 0) return;
    if (payload.slice(0, first) === this.instanceId) return;
    const sessionId = payload.slice(first + 1, second);
    const teamId = sessionId.startsWith(TEAM_KEY_PREFIX) ? sessionId.slice(TEAM_KEY_PREFIX.length) : null;
    const userId = sessionId.startsWith(USER_KEY_PREFIX) ? sessionId.slice(USER_KEY_PREFIX.length) : null;
    const wanted =
      teamId !== null
        ? this.teamWatchers.has(teamId)
        : userId !== null
          ? this.userWatchers.has(userId)
          : this.rooms.has(sessionId);
    if (!wanted) return;
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
    if (teamId !== null) this.deliverTeam(teamId, frame);
    else if (userId !== null) this.deliverWatchers(this.userWatchers, userId, frame);
    else this.deliver(sessionId, frame);
  }

  /**
   * The presence heartbeat, one statement per beat (issue #10: one row an instance, whatever its
   * number of connections): refreshes this instance's `realtime_instances` row, and deletes the
   * rows of instances not refreshed for PRESENCE_TTL_SECONDS (dead) with their presence rows.
   * Voters left with no live row anywhere are reported offline (participants_update with the
   * leader's presence, through every instance). When this instance's own row had to be made
   * anew (swept while the database or this process stalled, or the first beat), its presence rows
   * went with it: they are put back and reported online. Once a minute, presence rows of no
   * instance at all are swept too, and old `realtime_events`. Errors are swallowed: the next beat
   * tries again.
   */
  private beat(): Promise<void> {
    this.beating ??= this.runBeat().finally(() => {
      this.beating = undefined;
    });
    return this.beating;
  }

  private async runBeat(): Promise<void> {
    const db = this.database.db;
    try {
      // Both drivers answer `{rows}`; Drizzle's shared type leaves it unknown.
      const result = (await db.execute(sql`
        WITH beat AS (
          INSERT INTO realtime_instances (instance_id, seen_at) VALUES (${this.instanceId}, now())
          ON CONFLICT (instance_id) DO UPDATE SET seen_at = now()
          RETURNING (xmax = 0) AS made
        ), dead AS (
          DELETE FROM realtime_instances WHERE instance_id <> ${this.instanceId} AND seen_at < ${liveSince()}
          RETURNING instance_id
        ), expired AS (
          DELETE FROM realtime_presence WHERE instance_id IN (SELECT instance_id FROM dead)
          RETURNING session_id, voter_key
        )
        SELECT (SELECT made FROM beat) AS made,
               (SELECT coalesce(json_agg(json_build_array(session_id, voter_key)), '[]'::json) FROM expired) AS expired`)) as {
        rows: { made: boolean; expired: [string, string][] | string }[];
      };
      const row = result.rows[0];
      if (!row) return;
      if (row.made) await this.restoreLocalRows(this.localVoters());
      const expired = typeof row.expired === "string" ? (JSON.parse(row.expired) as [string, string][]) : row.expired;
      if (++this.beats % EVENTS_CLEANUP_BEATS === 0) {
        const orphans = (await db.execute(sql`
          DELETE FROM realtime_presence rp
          WHERE NOT EXISTS (SELECT 1 FROM realtime_instances ri WHERE ri.instance_id = rp.instance_id)
          RETURNING session_id, voter_key`)) as { rows: { session_id: string; voter_key: string }[] };
        for (const o of orphans.rows) expired.push([o.session_id, o.voter_key]);
        await db.delete(realtimeEvents).where(lt(realtimeEvents.createdAt, sql`now() - interval '60 seconds'`));
      }
      if (expired.length > 0) await this.reportExpired(expired);
      await this.sweepGrace();
    } catch {
      /* try again at the next beat */
    }
  }

  /** Distinct (sessionId, voterKey) pairs connected to this instance. */
  private localVoters(): { sessionId: string; voterKey: string }[] {
    const pairs: { sessionId: string; voterKey: string }[] = [];
    for (const [sessionId, room] of this.rooms) {
      for (const voterKey of new Set([...room].map((c) => c.voterKey))) pairs.push({ sessionId, voterKey });
    }
    return pairs;
  }

  /** Puts back this instance's missing presence rows and reports those voters online. */
  private async restoreLocalRows(local: { sessionId: string; voterKey: string }[]): Promise<void> {
    const db = this.database.db;
    const present = await db
      .select({ sessionId: realtimePresence.sessionId, voterKey: realtimePresence.voterKey })
      .from(realtimePresence)
      .where(eq(realtimePresence.instanceId, this.instanceId));
    const have = new Set(present.map((r) => `${r.sessionId} ${r.voterKey}`));
    const missing = local.filter((p) => !have.has(`${p.sessionId} ${p.voterKey}`));
    if (missing.length === 0) return;
    await db
      .insert(realtimePresence)
      .values(missing.map((p) => ({ instanceId: this.instanceId, ...p })))
      .onConflictDoNothing();
    for (const p of missing) this.presenceListener?.(p.sessionId, p.voterKey, "online");
  }

  /** Reports offline the swept voters that have no live row on any instance. */
  private async reportExpired(expired: [string, string][]): Promise<void> {
    const online = await this.onlineBySession(
      [...new Set(expired.map(([sessionId]) => sessionId))],
      [...new Set(expired.map(([, voterKey]) => voterKey))],
    );
    const reported = new Set<string>();
    for (const [sessionId, voterKey] of expired) {
      const key = `${sessionId} ${voterKey}`;
      if (reported.has(key) || online.get(sessionId)?.has(voterKey)) continue;
      reported.add(key);
      await this.markLastSeen(sessionId, voterKey).catch(() => undefined);
      this.presenceListener?.(sessionId, voterKey, "offline");
    }
  }

  /**
   * Ends the grace of voters whose `present_until` has passed (issue #8 section 1): one UPDATE
   * sets it back to null, so on several instances exactly one
   * claims each row; those with no connection anywhere are reported `absent` (every client then
   * gets a participants_update, no polling). Runs with each heartbeat, so the absence is seen
   * between the grace and the grace plus one beat (HEARTBEAT_MS) after the last connection closed.
   */
  private async sweepGrace(): Promise<void> {
    const rows = await this.database.db
      .update(sessionParticipants)
      .set({ presentUntil: null })
      .where(and(lt(sessionParticipants.presentUntil, sql`now()`), isNull(sessionParticipants.removedAt)))
      .returning({
        sessionId: sessionParticipants.sessionId,
        id: sessionParticipants.id,
        userId: sessionParticipants.userId,
      });
    if (rows.length === 0) return;
    const keys = rows.map((row) => voterKeyOf({ userId: row.userId, participantId: row.id }));
    const online = await this.onlineBySession([...new Set(rows.map((r) => r.sessionId))], [...new Set(keys)]);
    for (const row of rows) {
      const voterKey = voterKeyOf({ userId: row.userId, participantId: row.id });
      if (!online.get(row.sessionId)?.has(voterKey)) this.presenceListener?.(row.sessionId, voterKey, "absent");
    }
  }
}

/**
 * Adds `watcher` to the set of `id` in `watchers` (team or user watchers).
 * @returns the function that removes it (and the set once empty)
 */
function addWatcher(watchers: Map<string, Set<TeamWatcher>>, id: string, watcher: TeamWatcher): () => void {
  let set = watchers.get(id);
  if (!set) {
    set = new Set();
    watchers.set(id, set);
  }
  set.add(watcher);
  return () => {
    const current = watchers.get(id);
    if (!current?.delete(watcher)) return;
    if (current.size === 0) watchers.delete(id);
  };
}
