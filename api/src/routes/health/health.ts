import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { databaseHealth } from "../../queries/databaseHealth";

/** GET /api/health -> {status:"ok", db:"pglite"|"postgres"}; 503 when the database is down. */
export const healthRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.get("/api/health", async (_request, reply) => {
    const { ok, kind } = await databaseHealth(ctx);
    if (!ok) return reply.status(503).send({ status: "error", db: kind });
    return { status: "ok", db: kind };
  });

  /** The spec's developer demo call (part 2 section 7): status, timestamp, environment. */
  app.get("/api/hot-reload-test", async () => ({
    status: "ok",
    timestamp: new Date().toISOString(),
    environment: ctx.config.nodeEnv,
  }));
};
