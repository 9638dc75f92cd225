import type { JoinInfo } from "@pointwise/core/joinInfo";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { notFound, rateLimited } from "../../errors";
import { joinInfoOf } from "../../queries/joinInfo";
import { sessionParams } from "./schema";

/** The rate limit's window; the budget per client IP is AUTH_RATE_LIMIT_IP, as for sign-in. */
const WINDOW = "15 minutes";

/**
 * `GET /api/sessions/{id}/join-info` (issue #8 section 6): the join page shows the session's
 * title at once and says when the link is invalid. Public on purpose (a visitor has no
 * account or seat yet): it answers only `{id, title, status, anonymousAllowed}` (status open,
 * archived or full; anonymousAllowed false when the session's team refuses guests, issue #22),
 * never participants, stories or the leader. 404 NOT_FOUND "Invalid session" for an unknown,
 * deleted or malformed id; 429 RATE_LIMITED past AUTH_RATE_LIMIT_IP answers per client IP in
 * 15 minutes (its own budget, apart from sign-in's).
 */
export const joinInfoRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const limiter = app.createRateLimit({
    max: ctx.config.authRateLimitIp,
    timeWindow: WINDOW,
    keyGenerator: (request) => `join-info|${request.ip}`,
  });
  const perIp = async (request: FastifyRequest) => {
    const verdict = await limiter(request);
    if (!verdict.isAllowed && verdict.isExceeded) throw rateLimited(verdict.ttlInSeconds);
  };

  app.get(
    "/api/sessions/:id/join-info",
    { onRequest: perIp, schema: { params: sessionParams } },
    async (request): Promise<JoinInfo> => {
      const info = await joinInfoOf(ctx, request.params.id);
      if (!info) throw notFound("Invalid session");
      return info;
    },
  );
};
