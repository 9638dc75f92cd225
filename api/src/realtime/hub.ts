import { randomUUID } from "node:crypto";
import type { ServerMessage } from "@pointwise/core/realtime";
import type { SQL } from "drizzle-orm";
import type { CommittedResult, Database, PendingNotify } from "../db/database";
import { Broker } from "./broker";
import { Presence, type PresenceListener } from "./presence";
import { type RoomConnection, Rooms } from "./rooms";
import { type TeamWatcher, Watchers } from "./watchers";

/** NOTIFY keys of team pushes begin like this (session keys are uuids, so they never clash). */
const TEAM_KEY_PREFIX = "team:";
/** NOTIFY keys of a user's own pushes (`team_added`) begin like this. */
const USER_KEY_PREFIX = "user:";

/** Hub settings. */
export interface HubOptions {
  /** Seconds a disconnected voter still counts as present (config PRESENCE_GRACE_SECONDS). */
  presenceGraceSeconds?: number;
  /**
   * Interval of the presence heartbeat in milliseconds (default presence HEARTBEAT_MS). A test
   * that drives presence itself may set a long one and call `sweepPresence()`.
   */
  presenceHeartbeatMs?: number;
}

/**
 * The realtime facade every command reaches as `ctx.hub` (STYLE.md point 6: publish after
 * commit, rooms per session). It owns no state of its own beyond the publish listeners: it wires
 * the broker (broker.ts: LISTEN/NOTIFY, `realtime_events`), this instance's session rooms
 * (rooms.ts: fan-out to sockets), the team and user watchers (watchers.ts) and presence
 * (presence.ts: heartbeat, `realtime_presence`, grace sweep), and routes each frame by its key:
 * a session id to a room, `team:<id>` and `user:<id>` to watchers. A message is serialised once,
 * sent to the local listeners, and (on a PostgreSQL server) published for every other instance.
 */
export class Hub {
  readonly instanceId = randomUUID();
  private readonly broker: Broker;
  private readonly rooms = new Rooms();
  private readonly watchers = new Watchers();
  private readonly presence: Presence;
  private readonly publishListeners: ((sessionId: string, message: ServerMessage) => void)[] = [];

  constructor(
    private readonly database: Database,
    options: HubOptions = {},
  ) {
    this.broker = new Broker(database, this.instanceId);
    this.presence = new Presence(database, this.instanceId, {
      graceSeconds: options.presenceGraceSeconds,
      heartbeatMs: options.presenceHeartbeatMs,
      localVoters: () => this.rooms.localVoters(),
      everyMinute: () => this.broker.pruneEvents(),
    });
  }

  /** Seconds a disconnected voter still counts as present (issue #8 section 1). */
  get presenceGraceSeconds(): number {
    return this.presence.graceSeconds;
  }

  /**
   * NOTIFYs that failed since start (the pool timed out, the queue was full, the connection
   * dropped): the other instances' clients missed those pushes until their next snapshot.
   */
  get notifyFailures(): number {
    return this.broker.notifyFailures;
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
    await this.broker.listen({ wants: (key) => this.wants(key), deliver: (key, frame) => this.deliver(key, frame) });
    // The instance's row before any presence row: those count only while it is fresh.
    await this.presence.start();
  }

  /** Stops the heartbeat and removes this instance's presence rows (their voters' grace starts). */
  async stop(): Promise<void> {
    await this.presence.stop();
  }

  /**
   * Runs one presence beat now (refresh, dead-instance sweep, grace sweep) and resolves when it is
   * done: for tests that wait for presence events instead of the heartbeat's interval.
   */
  sweepPresence(): Promise<void> {
    return this.presence.beat();
  }

  /** Registers the callback told when a voter comes online, goes offline or becomes absent. */
  onPresence(listener: PresenceListener): void {
    this.presence.onChange(listener);
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
    this.broker.onNotifyError(listener);
  }

  /** Number of local connections (all rooms). */
  get connectionCount(): number {
    return this.rooms.connectionCount;
  }

  /**
   * True when the voter has an open connection to this instance in the session: they count as
   * present (realtime_presence) for as long as it lasts, and their grace starts when it closes.
   */
  isConnectedHere(sessionId: string, voterKey: string): boolean {
    return this.rooms.isConnectedHere(sessionId, voterKey);
  }

  /** Adds a connection to its session's room and records its presence. */
  async join(conn: RoomConnection): Promise<void> {
    if (this.rooms.add(conn)) await this.presence.connected(conn.sessionId, conn.voterKey);
  }

  /** Removes a connection; when the voter has no connection left anywhere, reports it offline. */
  async leave(conn: RoomConnection): Promise<void> {
    if (!this.rooms.remove(conn) || this.rooms.isConnectedHere(conn.sessionId, conn.voterKey)) return;
    await this.presence.disconnected(conn.sessionId, conn.voterKey);
  }

  /**
   * Records that a voter was present just now without a connection (issue #8 section 1): their
   * participant row's `present_until` becomes now + the grace. Called when their last connection
   * closes anywhere, when a dead instance's rows are swept, and for Teams card actions.
   */
  markLastSeen(sessionId: string, voterKey: string): Promise<void> {
    return this.presence.markLastSeen(sessionId, voterKey);
  }

  /** SQL for the end of a grace starting now (database clock): `now() + presenceGraceSeconds`. */
  graceEndSql(): SQL {
    return this.presence.graceEndSql();
  }

  /**
   * voterKeys connected to a session on any live instance; with `among`, only which of those are
   * (the Live badge needs the leaders only, a closing socket its own voter: issue #10).
   */
  onlineVoters(sessionId: string, among?: readonly string[]): Promise<string[]> {
    return this.presence.onlineVoters(sessionId, among);
  }

  /** voterKeys connected per session, for many sessions in one query; with `among`, only those voterKeys. */
  onlineBySession(sessionIds: string[], among?: readonly string[]): Promise<Map<string, Set<string>>> {
    return this.presence.onlineBySession(sessionIds, among);
  }

  /**
   * Sends `message` to every connection of the session, on every instance. Call it only
   * after the transaction that made the change has committed (STYLE.md point 6).
   */
  async publish(sessionId: string, message: ServerMessage): Promise<void> {
    const frame = JSON.stringify(message);
    this.rooms.deliver(sessionId, frame);
    for (const listener of this.publishListeners) listener(sessionId, message);
    await this.broker.notify(sessionId, frame);
  }

  /**
   * The NOTIFY that tells the other instances of `message` in a session, to send with the COMMIT
   * of the transaction that made the change (`Database.transactionThenNotify`; issue #10: one
   * round trip fewer per vote), or null on PGlite or when the frame is too large for a
   * NOTIFY payload (then `publishCommitted` sends it through `realtime_events` after commit).
   */
  notificationOf(sessionId: string, frame: string): PendingNotify | null {
    return this.broker.notificationOf(sessionId, frame);
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
    this.rooms.deliver(sessionId, frame);
    for (const listener of this.publishListeners) listener(sessionId, message);
    await this.broker.committed(sessionId, frame, committed);
  }

  /**
   * Registers a watcher of a team's pushes on this instance (`watch_team`; issue #11).
   * @returns the function that unregisters it
   */
  watchTeam(teamId: string, watcher: TeamWatcher): () => void {
    return this.watchers.watchTeam(teamId, watcher);
  }

  /**
   * Registers a watcher of one user's own pushes on this instance (`watch_my_teams`: `team_added`;
   * issue #11). It also gets the hub's own frames, once, like a team watcher.
   * @returns the function that unregisters it
   */
  watchUser(userId: string, watcher: TeamWatcher): () => void {
    return this.watchers.watchUser(userId, watcher);
  }

  /**
   * Sends a push meant for one user (`team_added`) to their watchers on every instance, through
   * the same NOTIFY channel as session pushes. Call it only after the change has committed.
   */
  async publishUser(userId: string, message: ServerMessage): Promise<void> {
    const frame = JSON.stringify(message);
    this.watchers.deliverUser(userId, frame);
    await this.broker.notify(`${USER_KEY_PREFIX}${userId}`, frame);
  }

  /**
   * Sends a team's push (`team_updated`) to its watchers on every instance, through the same
   * NOTIFY channel as session pushes. Call it only after the change has committed.
   */
  async publishTeam(teamId: string, message: ServerMessage): Promise<void> {
    const frame = JSON.stringify(message);
    this.watchers.deliverTeam(teamId, frame);
    await this.broker.notify(`${TEAM_KEY_PREFIX}${teamId}`, frame);
  }

  /** True when this instance has a listener of a broker key (a session's room, a team's or a user's watchers). */
  private wants(key: string): boolean {
    if (key.startsWith(TEAM_KEY_PREFIX)) return this.watchers.watchesTeam(key.slice(TEAM_KEY_PREFIX.length));
    if (key.startsWith(USER_KEY_PREFIX)) return this.watchers.watchesUser(key.slice(USER_KEY_PREFIX.length));
    return this.rooms.has(key);
  }

  /** Hands another instance's frame for a broker key to the room or the watchers it names. */
  private deliver(key: string, frame: string): void {
    if (key.startsWith(TEAM_KEY_PREFIX)) this.watchers.deliverTeam(key.slice(TEAM_KEY_PREFIX.length), frame);
    else if (key.startsWith(USER_KEY_PREFIX)) this.watchers.deliverUser(key.slice(USER_KEY_PREFIX.length), frame);
    else this.rooms.deliver(key, frame);
  }

  /** Sends one frame to every local connection of every room, and once to every team watcher. */
  private broadcastLocal(message: ServerMessage): void {
    this.rooms.broadcast(Buffer.from(JSON.stringify(message)));
    this.watchers.broadcast(message);
  }

  /** After LISTEN is back: presence rows first (they may have expired), then `resync` to all. */
  private async resyncLocal(): Promise<void> {
    await this.presence.beat();
    this.broadcastLocal({ type: "resync", reason: "Live updates were interrupted; rejoin for a fresh snapshot." });
  }
}
