import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database";

/** Anonymous participants' data is kept this many days after their session ended (spec part 2 section 2, privacy policy). */
export const ANONYMOUS_RETENTION_DAYS = 30;
/** How often the server runs the job (and first, RETENTION_FIRST_RUN_MS after start). */
export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;
const RETENTION_FIRST_RUN_MS = 60 * 1000;
/** pg_try_advisory_xact_lock key: one run at a time across every instance sharing the database. */
const RETENTION_LOCK_KEY = 13_020_613;

/** The rows of a raw statement (node-postgres and PGlite both answer `{rows}`). */
const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

/** What one run did. */
export interface RetentionResult {
  /** False when another instance held the lock (that run does the work). */
  ran: boolean;
  /** Anonymous participants deleted, with their votes and suggestions (cascades). */
  anonymousParticipantsDeleted: number;
  /** The cut-off: sessions that ended before it were cleaned (ISO 8601). */
  endedBefore: string;
  /**
   * Team sessions deleted because they ended longer ago than their team's `dataRetention`
   * (issue #22), with everything in them (stories, votes, participants: cascades).
   */
  teamSessionsDeleted: number;
  /** Audit-log entries deleted for being older than their team's `dataRetention` (issue #22). */
  teamAuditEntriesDeleted: number;
}

/**
 * A team's retention as an SQL interval (core DATA_RETENTION_CHOICES; calendar months and
 * years, as PostgreSQL subtracts them); `indefinite` is NULL, so nothing is ever older.
 */
const retentionInterval = (column: SQL) => sql`(CASE ${column}
  WHEN '3_months' THEN interval '3 months'
  WHEN '6_months' THEN interval '6 months'
  WHEN '1_year' THEN interval '1 year'
  WHEN '2_years' THEN interval '2 years'
END)`;

/**
 * The moment a session ended, in SQL: when it was archived; a session never archived (or
 * restored) ended at its last activity (its own update, a story's, a vote's, a participant's
 * join or presence), so abandoned sessions are cleaned too.
 */
const sessionEnd = sql`coalesce(ps.archived_at, greatest(
  ps.updated_at,
  (SELECT max(s.updated_at) FROM stories s WHERE s.session_id = ps.id),
  (SELECT max(v.updated_at) FROM votes v JOIN stories s ON s.id = v.story_id WHERE s.session_id = ps.id),
  (SELECT max(greatest(sp.joined_at, sp.present_until)) FROM session_participants sp WHERE sp.session_id = ps.id)
))`;

/**
 * The retention job (issue #13 section 2; spec part 2 section 2: "anonymous participant data
 * kept 30 days after session end"): deletes the anonymous participants of every session that
 * ended more than ANONYMOUS_RETENTION_DAYS before `now`, with their votes and suggestions
 * (cascades), and removes their entries (display names, points) from the kept votes of earlier
 * rounds (story_rounds.votes). Registered users' data and the sessions' stories stay.
 * Then each team's own retention (issue #22, `teams.data_retention`): the team's sessions that
 * ended (as above) longer ago than it are deleted whole, and so are its audit-log entries older
 * than it; `indefinite` keeps everything. Sessions without a team are not touched by this.
 * One transaction under a transaction-level advisory lock, so instances sharing a database never
 * run it at once (`ran: false` for the one that found the lock taken).
 * @param now the clock (tests pass a later moment instead of ageing rows)
 */
export async function runRetention(db: Db, now = new Date()): Promise<RetentionResult> {
  const cutoff = new Date(now.getTime() - ANONYMOUS_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const endedBefore = cutoff.toISOString();
  const nowIso = now.toISOString();
  return db.transaction(async (tx) => {
    const lock = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) AS locked`);
    const locked = rowsOf(lock)[0]?.locked === true;
    if (!locked) {
      return {
        ran: false,
        anonymousParticipantsDeleted: 0,
        endedBefore,
        teamSessionsDeleted: 0,
        teamAuditEntriesDeleted: 0,
      };
    }
    const ended = sql`SELECT ps.id FROM pointing_sessions ps WHERE ${sessionEnd} < ${endedBefore}::timestamptz`;
    await tx.execute(sql`
      UPDATE story_rounds r SET votes = (
        SELECT coalesce(jsonb_agg(v), '[]'::jsonb) FROM jsonb_array_elements(r.votes) AS v
        WHERE NOT EXISTS (
          SELECT 1 FROM session_participants sp WHERE sp.is_anonymous AND sp.id::text = v->>'participantId'
        )
      )
      WHERE r.story_id IN (SELECT s.id FROM stories s WHERE s.session_id IN (${ended}))
        AND EXISTS (SELECT 1 FROM jsonb_array_elements(r.votes) AS v WHERE v->>'participantId' IS NOT NULL)`);
    const deleted = await tx.execute(sql`
      DELETE FROM session_participants
      WHERE is_anonymous AND session_id IN (${ended})
      RETURNING id`);
    const teamSessions = await tx.execute(sql`
      DELETE FROM pointing_sessions WHERE id IN (
        SELECT ps.id FROM pointing_sessions ps JOIN teams t ON t.id = ps.team_id
        WHERE ${sessionEnd} < ${nowIso}::timestamptz - ${retentionInterval(sql`t.data_retention`)}
      )
      RETURNING id`);
    const auditEntries = await tx.execute(sql`
      DELETE FROM team_audit_entries a USING teams t
      WHERE t.id = a.team_id AND a.created_at < ${nowIso}::timestamptz - ${retentionInterval(sql`t.data_retention`)}
      RETURNING a.id`);
    return {
      ran: true,
      anonymousParticipantsDeleted: rowsOf(deleted).length,
      endedBefore,
      teamSessionsDeleted: rowsOf(teamSessions).length,
      teamAuditEntriesDeleted: rowsOf(auditEntries).length,
    };
  });
}

/** Where the scheduled job reports (Fastify's logger). */
export interface RetentionLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs the retention job a minute after start and then every day (timers unref'd: they never
 * keep the process alive). Returns the stop function (app close).
 */
export function startRetentionSchedule(db: Db, log: RetentionLog): () => void {
  const run = () =>
    void runRetention(db).then(
      (result) => {
        const deleted =
          result.anonymousParticipantsDeleted + result.teamSessionsDeleted + result.teamAuditEntriesDeleted;
        if (result.ran && deleted > 0) log.info({ ...result }, "retention job");
      },
      (err: unknown) => log.error({ err }, "retention job failed"),
    );
  const first = setTimeout(run, RETENTION_FIRST_RUN_MS);
  first.unref();
  const daily = setInterval(run, RETENTION_INTERVAL_MS);
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
