import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { users } from "../db/schema";
import { planUpgradeRequired } from "../errors";
import { planHasInsights } from "./planLimits";
import type { SessionRow } from "./sessionPolicy";

/**
 * The plan gate of AI insights (spec part 2 section 6: basic and pro; issue #9 section 2). The
 * plan that counts is the session creator's: the owner's subscription pays for the session's
 * features, so every member of a paid owner's session sees its insights, and guests need no plan.
 * Call after the membership check (401/403 come first).
 * @throws 403 PLAN_UPGRADE_REQUIRED {requiredPlan: "basic", currentPlan} on a plan without insights.
 */
export async function requireInsightsPlan(db: Db, session: SessionRow): Promise<void> {
  const [owner] = await db.select({ plan: users.subscriptionPlan }).from(users).where(eq(users.id, session.creatorId));
  const plan = owner?.plan ?? "free";
  if (!planHasInsights(plan)) throw planUpgradeRequired("basic", plan);
}
