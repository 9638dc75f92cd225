import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { users } from "../db/schema";

/**
 * Sets a user's `subscriptionPlan` straight in the test database: plans themselves come in a
 * later issue (issue #9 section 2), so no route changes them yet.
 */
export async function setSubscriptionPlan(
  ctx: AppContext,
  userId: string,
  plan: (typeof users.$inferSelect)["subscriptionPlan"],
): Promise<void> {
  await ctx.db.update(users).set({ subscriptionPlan: plan }).where(eq(users.id, userId));
}
