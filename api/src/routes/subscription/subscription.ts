import type { SubscriptionStatusView } from "@pointwise/core/presented";
import { and, eq, gte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/currentUser";
import { sessionLimitOf } from "../../commands/sessionCreator";
import type { AppContext } from "../../context";
import { pointingSessions } from "../../db/schema";

/** GET /api/subscription/status (spec part 2 section 7): plan, counts and the free-plan limit. */
export const subscriptionRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.get("/api/subscription/status", async (request): Promise<SubscriptionStatusView> => {
    const user = await requireUser(ctx.db, request);
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const [counts] = await ctx.db
      .select({
        owned: sql<number>`count(*)::int`,
        thisMonth: sql<number>`(count(*) filter (where ${gte(pointingSessions.createdAt, monthStart)}))::int`,
      })
      .from(pointingSessions)
      .where(and(eq(pointingSessions.creatorId, user.id)));
    return {
      plan: user.subscriptionPlan,
      status: user.subscriptionStatus,
      sessionsThisMonth: counts?.thisMonth ?? 0,
      sessionsOwned: counts?.owned ?? 0,
      limit: sessionLimitOf(user.subscriptionPlan),
      currentPeriodEnd: user.subscriptionCurrentPeriodEnd?.toISOString() ?? null,
      synced: false,
    };
  });
};
