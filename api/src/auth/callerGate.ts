import { inArray } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/database";
import { sessionParticipants } from "../db/schema";
import { permissionDenied, unauthorized } from "../errors";
import { isUpgradeRequest } from "../realtime/socketOrigin";
import { hashParticipantToken, participantTokenCandidates } from "./participantTokens";

/**
 * Who a route admits before its body is read (route config `caller`, issue #23 section 4):
 * - `"participant"`, the default of every method that carries a body: a signed-in user (the
 *   session, or a verified Teams SSO token) or the holder of a participant token (a guest);
 * - `"user"`: a signed-in user only (the backlog import, whose body may be 5 MB);
 * - `"anyone"`: nobody needs to be known (sign-in, registration, password reset, a guest's
 *   join, sign-out, and the bot and billing webhooks, which authenticate their own way).
 * The route's own policy still decides what the caller may do; this only keeps strangers from
 * making the server read bodies.
 */
export type CallerRule = "user" | "participant" | "anyone";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who the route admits before its body is read (auth/callerGate); `"participant"` when unset. */
    caller?: CallerRule;
  }
}

/** Methods whose body Fastify never reads. */
const BODYLESS_METHODS = new Set(["GET", "HEAD"]);

/** How long the gate remembers that a token was issued (ms), and how many it remembers at most. */
const KNOWN_TOKEN_TTL_MS = 60_000;
const KNOWN_TOKEN_LIMIT = 10_000;

/**
 * Token hashes found issued, with when that stops being remembered (Date.now() ms): a guest's
 * every vote passes the gate, and reading `session_participants` for it was one PostgreSQL round
 * trip of four per REST vote (issue #24 section 3). Only the gate trusts it, and only to read a
 * body: the route's policy still reads the token's participant (removed or not) for the session.
 * Oldest first (Map order); beyond KNOWN_TOKEN_LIMIT the oldest is forgotten.
 */
class KnownTokens {
  private readonly until = new Map<string, number>();

  /** True when `hash` was found issued less than KNOWN_TOKEN_TTL_MS ago. */
  has(hash: string, now: number): boolean {
    const until = this.until.get(hash);
    if (until === undefined) return false;
    if (until > now) return true;
    this.until.delete(hash);
    return false;
  }

  /** Remembers `hash` as issued until now + KNOWN_TOKEN_TTL_MS. */
  add(hash: string, now: number): void {
    this.until.delete(hash);
    this.until.set(hash, now + KNOWN_TOKEN_TTL_MS);
    if (this.until.size > KNOWN_TOKEN_LIMIT) {
      const oldest = this.until.keys().next().value;
      if (oldest !== undefined) this.until.delete(oldest);
    }
  }
}

/**
 * Whether any participant token the request carries (header or `pt_` cookie) was issued; removed
 * ones count (their policy answers). A hash found in the last minute is not read again.
 */
async function holdsParticipantToken(db: Db, known: KnownTokens, request: FastifyRequest): Promise<boolean> {
  const tokens = participantTokenCandidates(request);
  if (tokens.length === 0) return false;
  const hashes = tokens.slice(0, 20).map(hashParticipantToken);
  const now = Date.now();
  if (hashes.some((hash) => known.has(hash, now))) return true;
  const rows = await db
    .select({ tokenHash: sessionParticipants.tokenHash })
    .from(sessionParticipants)
    .where(inArray(sessionParticipants.tokenHash, hashes))
    .limit(1);
  const found = rows[0]?.tokenHash;
  if (found) known.add(found, now);
  return rows.length > 0;
}

/**
 * Refuses an anonymous caller before its body is read (issue #23 section 4: schema validation
 * runs before the handler's authentication, so 20 anonymous 19 MB bodies took 226 MB): for every
 * method but GET and HEAD, on a route whose `caller` is not `"anyone"`, a request with no
 * signed-in user (nor, for `"participant"`, an issued participant token) answers 401
 * UNAUTHORIZED in `onRequest` (a guest on a `"user"` route: 403 PERMISSION_DENIED), with
 * `Connection: close` so Node does not read the unread body to keep the connection. Unknown routes (404) and WebSocket upgrades are left alone.
 * Register after the session plugin, the CSRF check (a request without a token still gets 403
 * CSRF_VALIDATION_FAILED) and the Teams SSO bearer hook (which sets `request.userMemo`).
 */
export function callerGate(app: FastifyInstance, db: Db): void {
  const known = new KnownTokens();
  app.addHook("onRequest", async (request, reply) => {
    if (BODYLESS_METHODS.has(request.method) || request.is404 || isUpgradeRequest(request.raw)) return;
    const rule = request.routeOptions.config.caller ?? "participant";
    if (rule === "anyone") return;
    if (request.session?.userId || request.userMemo) return;
    const participant = await holdsParticipantToken(db, known, request);
    if (rule === "participant" && participant) return;
    // A guest on a route for users is known, and not allowed: 403 as the route's policy says.
    const refused = participant ? permissionDenied() : unauthorized();
    return reply.code(refused.status).header("connection", "close").send(refused.toBody());
  });
}

/** Route config of a route that admits anyone (sign-in, registration, webhooks): `{ config: ANY_CALLER }`. */
export const ANY_CALLER: { caller: CallerRule } = { caller: "anyone" };
