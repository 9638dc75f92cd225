import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { RETRY_AFTER_SECONDS } from "../../errors";
import { databaseHealth } from "../../queries/databaseHealth";

/**
 * GET /api/health -> 200 {status:"ok", db:"pglite"|"postgres", ai:"openai"|"local", aiLabel} (aiLabel:
 * "PointBot (local)" or the model's name, issue #9 section 1); when a real read of the main
 * tables fails or takes over 2 s (the database is down, or a table is damaged; issue #23
 * section 7): 503 with `Retry-After` and {status:"error", db, database:"unreachable", reason}
 * (issue #6 part 3), so a load balancer takes the instance out until it is back.
 */
export const healthRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.get("/api/health", async (_request, reply) => {
    const { kind, reason } = await databaseHealth(ctx);
    if (reason) {
      return reply
        .status(503)
        .header("Retry-After", String(RETRY_AFTER_SECONDS))
        .send({ status: "error", db: kind, database: "unreachable", reason });
    }
    return { status: "ok", db: kind, ai: ctx.pointbot.kind, aiLabel: ctx.pointbot.label };
  });

  /** The spec's developer demo call (part 2 section 7): status, timestamp, environment. */
  app.get("/api/hot-reload-test", async () => ({
    status: "ok",
    timestamp: new Date().toISOString(),
    environment: ctx.config.nodeEnv,
  }));
};
