import { PRESENCE_GRACE_SECONDS, parseVoterKey, voterKeyOf } from "@pointwise/core/voters";
import { and, eq, gt, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { realtimeInstances, realtimePresence, sessionParticipants } from "../db/schema";
import { participantVoterKeySql } from "../db/voterKeySql";
import type { LocalVoter } from "./rooms";
import { voterRowOf } from "./voterRow";

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
/** Presence rows of no instance, and old `realtime_events`, are deleted every this many beats (once a minute). */
const CLEANUP_BEATS = 24;

/**
 * The `realtime_instances.seen_at` after which an instance is live (PRESENCE_TTL_SECONDS before
 * now, on the database's clock): the one home of the liveness rule for the reads and the beat.
 */
const liveSince = (): SQL => sql`now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`;

/**
 * The voterKeys connected to `sessionId` on a live instance (a presence row whose instance's row
 * is fresh): the one definition of "online", for the queries that read the room
 * (queries/roundProgress) and presence's own.
 */
export function liveVoterKeysSql(sessionId: string): SQL {
  return sql`select distinct rp.voter_key from realtime_presence rp
    join realtime_instances ri on ri.instance_id = rp.instance_id
      and ri.seen_at > ${liveSince()}
    where rp.session_id = ${sessionId}`;
}

/**
 * A presence change of one voter: `online` (first connection anywhere), `offline` (last one
 * gone: the grace starts, they still count as present) or `absent` (the grace ran out with no
 * connection; issue #8 section 1).
 */
export type PresenceChange = "online" | "offline" | "absent";

/** Listener of presence changes. */
export type PresenceListener = (sessionId: string, voterKey: string, change: PresenceChange) => void;

/** Presence settings. */
export interface PresenceOptions {
  /** Seconds a disconnected voter still counts as present (config PRESENCE_GRACE_SECONDS). */
  graceSeconds?: number;
  /**
   * Interval of the heartbeat in milliseconds (default HEARTBEAT_MS). Tests that drive presence
   * themselves may set a long one and call `beat()` (Hub.sweepPresence) instead.
   */
  heartbeatMs?: number;
  /** Who is connected to this instance now: put back when this instance's rows were swept. */
  localVoters(): LocalVoter[];
  /** Housekeeping run once a minute with the beat (the broker's old `realtime_events`); may throw. */
  everyMinute?(): Promise<void>;
}

/**
 * Presence across instances (issue #6 part 3, issue #8 section 1): owns `realtime_instances`
 * (one row per live instance, refreshed by the heartbeat), `realtime_presence` (one row per
 * voter connected to an instance), the grace of `session_participants.present_until` and its
 * sweep, and the reads of who is online. Reports each voter's `online`, `offline` and `absent`
 * to one listener (realtime/presencePushes turns them into participants_update). Time is the
 * database's clock (`now()`); the heartbeat is a timer of `heartbeatMs`, and `beat()` runs one
 * at once.
 */
export class Presence {
  /** Seconds a disconnected voter still counts as present (issue #8 section 1). */
  readonly graceSeconds: number;
  private readonly heartbeatMs: number;
  private heartbeat: NodeJS.Timeout | undefined;
  private listener: PresenceListener | undefined;
  /** Set by stop(): connections closing during shutdown leave no database work behind. */
  private stopping = false;
  private beats = 0;
  private beating: Promise<void> | undefined;

  /**
   * @param database where the presence rows live
   * @param instanceId this instance's `realtime_instances` id
   */
  constructor(
    private readonly database: Database,
    private readonly instanceId: string,
    private readonly options: PresenceOptions,
  ) {
    this.graceSeconds = options.graceSeconds ?? PRESENCE_GRACE_SECONDS;
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  }

  /** Runs the first beat (this instance's row before any presence row) and starts the heartbeat. */
  async start(): Promise<void> {
    await this.beat();
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * Stops the heartbeat, starts the grace of the voters connected here (they may reconnect
   * elsewhere), and removes this instance's presence rows and its instance row. Never throws.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.heartbeat);
    await this.database.db
      .execute(
        sql`UPDATE session_participants sp SET present_until = ${this.graceEndSql()}
            FROM realtime_presence rp
            WHERE rp.instance_id = ${this.instanceId} AND rp.session_id = sp.session_id AND sp.removed_at IS NULL
              AND rp.voter_key = ${participantVoterKeySql("sp")}`,
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

  /** Registers the callback told when a voter comes online, goes offline or becomes absent. */
  onChange(listener: PresenceListener): void {
    this.listener = listener;
  }

  /** Records the voter's first connection to this instance in the session, and reports it online. */
  async connected(sessionId: string, voterKey: string): Promise<void> {
    await this.database.db
      .insert(realtimePresence)
      .values({ instanceId: this.instanceId, sessionId, voterKey })
      .onConflictDoNothing();
    this.listener?.(sessionId, voterKey, "online");
  }

  /**
   * The voter's last connection to this instance in the session closed: removes its row, and
   * when they have no connection left on any live instance starts their grace and reports them
   * offline. Nothing while stopping. Never throws.
   */
  async disconnected(sessionId: string, voterKey: string): Promise<void> {
    if (this.stopping) return;
    await this.database.db
      .delete(realtimePresence)
      .where(
        and(
          eq(realtimePresence.instanceId, this.instanceId),
          eq(realtimePresence.sessionId, sessionId),
          eq(realtimePresence.voterKey, voterKey),
        ),
      )
      .catch(() => undefined);
    const online = await this.onlineVoters(sessionId, [voterKey]).catch(() => [] as string[]);
    if (online.includes(voterKey)) return;
    await this.markLastSeen(sessionId, voterKey).catch(() => undefined);
    this.listener?.(sessionId, voterKey, "offline");
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

  /** SQL for the end of a grace starting now (database clock): `now() + graceSeconds`. */
  graceEndSql(): SQL {
    return sql`now() + make_interval(secs => ${this.graceSeconds})`;
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
   * The presence heartbeat, one statement per beat (issue #10: one row an instance, whatever its
   * number of connections): refreshes this instance's `realtime_instances` row, and deletes the
   * rows of instances not refreshed for PRESENCE_TTL_SECONDS (dead) with their presence rows.
   * Voters left with no live row anywhere are reported offline (participants_update with the
   * leader's presence, through every instance). When this instance's own row had to be made
   * anew (swept while the database or this process stalled, or the first beat), its presence rows
   * went with it: they are put back and reported online. Once a minute, presence rows of no
   * instance at all are swept too, and `everyMinute` runs. Then the grace sweep. Errors are
   * swallowed: the next beat tries again. A beat asked for while one runs joins it.
   */
  beat(): Promise<void> {
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
      if (row.made) await this.restoreLocalRows(this.options.localVoters());
      const expired = typeof row.expired === "string" ? (JSON.parse(row.expired) as [string, string][]) : row.expired;
      if (++this.beats % CLEANUP_BEATS === 0) {
        const orphans = (await db.execute(sql`
          DELETE FROM realtime_presence rp
          WHERE NOT EXISTS (SELECT 1 FROM realtime_instances ri WHERE ri.instance_id = rp.instance_id)
          RETURNING session_id, voter_key`)) as { rows: { session_id: string; voter_key: string }[] };
        for (const o of orphans.rows) expired.push([o.session_id, o.voter_key]);
        await this.options.everyMinute?.();
      }
      if (expired.length > 0) await this.reportExpired(expired);
      await this.sweepGrace();
    } catch {
      /* try again at the next beat */
    }
  }

  /** Puts back this instance's missing presence rows and reports those voters online. */
  private async restoreLocalRows(local: LocalVoter[]): Promise<void> {
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
    for (const p of missing) this.listener?.(p.sessionId, p.voterKey, "online");
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
      this.listener?.(sessionId, voterKey, "offline");
    }
  }

  /**
   * Ends the grace of voters whose `present_until` has passed (issue #8 section 1): one UPDATE
   * sets it back to null, so on several instances exactly one
   * claims each row; those with no connection anywhere are reported `absent` (every client then
   * gets a participants_update, no polling). Runs with each heartbeat, so the absence is seen
   * between the grace and the grace plus one beat after the last connection closed.
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
      if (!online.get(row.sessionId)?.has(voterKey)) this.listener?.(row.sessionId, voterKey, "absent");
    }
  }
}
