import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { users } from "../db/schema";
import { requirePlanFeature } from "./planPolicy";
import type { SessionRow } from "./sessionPolicy";

/**
 * The plan gate of AI insights (spec part 2 section 6: basic and pro; issue #9 section 2). The
 * plan that counts is the session creator's: the owner's subscription pays for the session's
 * features, so every member of a paid owner's session sees its insights, and guests need no plan.
 * Call after the membership check (401/403 come first).
 * @throws 403 PLAN_UPGRADE_REQUIRED {requiredPlan: "basic", currentPlan} on a plan without insights.
 * @throws 403 SUBSCRIPTION_INACTIVE when the owner's paid plan is past_due.
 */
export async function requireInsightsPlan(db: Db, session: SessionRow): Promise<void> {
  const [owner] = await db
    .select({ subscriptionPlan: users.subscriptionPlan, subscriptionStatus: users.subscriptionStatus })
    .from(users)
    .where(eq(users.id, session.creatorId));
  requirePlanFeature(owner ?? { subscriptionPlan: "free", subscriptionStatus: "inactive" }, "aiInsights");
}
