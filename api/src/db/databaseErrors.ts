/**
 * Which errors mean "the database is unreachable" (an outage, a failover, a restart, an
 * idle-connection reaper) rather than a bug: the error handler answers them with 503
 * SERVICE_UNAVAILABLE and `Retry-After` (issue #6 part 3), everything else stays a 500.
 */

/** Socket-level codes of node-postgres when the server cannot be reached or went away. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of an unreachable or shutting-down server: 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections (PostgreSQL
 * appendix A); class 08 (connection exceptions) is matched by prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** Messages node-postgres raises without a code when the connection drops or cannot be had. */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /connect ECONNREFUSED/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

/**
 * True when `err` (or an error in its `cause` chain: Drizzle wraps driver errors in
 * `DrizzleQueryError`) says the database cannot be reached right now. Pure; never throws.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string") {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return true;
    // An AggregateError (Node's happy-eyeballs connect) holds one error per address tried.
    if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = cause;
  }
  return false;
}
