import { sessionLimit } from "@pointwise/core/plans";
import type { SubscriptionStatusView } from "@pointwise/core/presented";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/currentUser";
import type { AppContext } from "../../context";
import { ownedSessionCounts } from "../../queries/sessionCounts";

/** GET /api/subscription/status (spec part 2 section 7): plan, counts and the free-plan limit. */
export const subscriptionRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.get("/api/subscription/status", async (request): Promise<SubscriptionStatusView> => {
    const user = await requireUser(ctx.db, request);
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const counts = await ownedSessionCounts(ctx, user.id, monthStart);
    return {
      plan: user.subscriptionPlan,
      status: user.subscriptionStatus,
      sessionsThisMonth: counts.thisMonth,
      sessionsOwned: counts.owned,
      limit: sessionLimit(user.subscriptionPlan),
      currentPeriodEnd: user.subscriptionCurrentPeriodEnd?.toISOString() ?? null,
      synced: false,
    };
  });
};
