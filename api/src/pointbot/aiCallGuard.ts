import { and, inArray, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { optionalUser, type UserRow } from "../auth/currentUser";
import { hashParticipantToken, isParticipantCookie, PARTICIPANT_HEADER } from "../auth/participantTokens";
import type { AppContext } from "../context";
import { sessionParticipants } from "../db/schema";
import { rateLimited, unauthorized } from "../errors";
import type { ParticipantRow } from "../policies/sessionPolicy";

/** Who calls an AI route: a signed-in user, else a guest participant (by participant token). */
export interface AiCaller {
  /** `u:<userId>` or `p:<participantId>`: the rate limit's key. */
  key: string;
  user: UserRow | null;
  participant: ParticipantRow | null;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * preHandler of every AI route (issue #9 section 1): `{ preHandler: app.aiCallGuard }`.
     * 401 UNAUTHORIZED without a signed-in user or a guest participant token; 429 RATE_LIMITED
     * (with Retry-After) past AI_RATE_LIMIT_PER_MINUTE (30) calls per minute per caller, one
     * budget shared by all AI routes, both engines. Sets `request.aiCaller`.
     */
    aiCallGuard(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** The AI route's caller, set by `aiCallGuard`. */
    aiCaller?: AiCaller;
  }
}

/** The session id a request names (body `sessionId`, or route param `sessionId`): its guest cookie is preferred. */
function sessionHintOf(request: FastifyRequest): string | undefined {
  const body = request.body as { sessionId?: unknown } | undefined;
  const params = request.params as { sessionId?: unknown } | undefined;
  const hint = body?.sessionId ?? params?.sessionId;
  return typeof hint === "string" ? hint : undefined;
}

/** The guest participant of the request's participant tokens (header, then `pt_<sessionId>` cookies), or null. */
async function guestOf(ctx: AppContext, request: FastifyRequest): Promise<ParticipantRow | null> {
  const header = request.headers[PARTICIPANT_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const hint = sessionHintOf(request);
  const cookies = Object.entries(request.cookies ?? {})
    .filter(([name, value]) => isParticipantCookie(name) && !!value)
    .sort(([a], [b]) => (a === `pt_${hint}` ? -1 : b === `pt_${hint}` ? 1 : a.localeCompare(b)))
    .map(([, value]) => value as string);
  const tokens = [...(fromHeader ? [fromHeader] : []), ...cookies].slice(0, 20);
  if (tokens.length === 0) return null;
  const hashes = tokens.map(hashParticipantToken);
  const rows = await ctx.db
    .select()
    .from(sessionParticipants)
    .where(and(inArray(sessionParticipants.tokenHash, hashes), isNull(sessionParticipants.removedAt)));
  for (const hash of hashes) {
    const row = rows.find((r) => r.tokenHash === hash);
    if (row) return row;
  }
  return null;
}

/**
 * Builds the AI routes' preHandler (see `FastifyInstance.aiCallGuard`). Call once on the root
 * instance, after @fastify/rate-limit is registered, so every AI route shares one budget.
 * The budget lives in this process's memory (like the other rate limits).
 */
export function createAiCallGuard(app: FastifyInstance, ctx: AppContext): (request: FastifyRequest) => Promise<void> {
  const limiter = app.createRateLimit({
    max: ctx.config.ai.rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `ai|${request.aiCaller?.key ?? "anonymous"}`,
  });
  return async (request: FastifyRequest) => {
    const user = await optionalUser(ctx.db, request);
    const participant = user ? null : await guestOf(ctx, request);
    if (!user && !participant) throw unauthorized();
    request.aiCaller = {
      key: user ? `u:${user.id}` : `p:${participant?.id}`,
      user,
      participant,
    };
    const verdict = await limiter(request);
    if (!verdict.isAllowed && verdict.isExceeded) throw rateLimited(verdict.ttlInSeconds);
  };
}
