import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions, users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

/** Sets a user's `subscriptionPlan` straight in the test database (tests of the plan gates). */
export async function setSubscriptionPlan(
  ctx: AppContext,
  userId: string,
  plan: UserRow["subscriptionPlan"],
): Promise<void> {
  await ctx.db.update(users).set({ subscriptionPlan: plan }).where(eq(users.id, userId));
}

/** Sets a user's `subscriptionStatus` straight in the test database (past_due without a webhook). */
export async function setSubscriptionStatus(
  ctx: AppContext,
  userId: string,
  status: UserRow["subscriptionStatus"],
): Promise<void> {
  await ctx.db.update(users).set({ subscriptionStatus: status }).where(eq(users.id, userId));
}

/** Sets `updated_at` of a session (the order the downgrade locks in). */
export async function setSessionUpdatedAt(ctx: AppContext, sessionId: string, at: Date): Promise<void> {
  await ctx.db.update(pointingSessions).set({ updatedAt: at }).where(eq(pointingSessions.id, sessionId));
}

/** Titles of the user's own sessions that are locked, sorted. */
export async function lockedSessionTitles(ctx: AppContext, userId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ title: pointingSessions.title, locked: pointingSessions.locked })
    .from(pointingSessions)
    .where(eq(pointingSessions.creatorId, userId));
  return rows
    .filter((s) => s.locked)
    .map((s) => s.title)
    .sort();
}

/** The Stripe references and sync time stored on a user row. */
export async function storedBilling(
  ctx: AppContext,
  userId: string,
): Promise<Pick<UserRow, "stripeCustomerId" | "stripeSubscriptionId" | "subscriptionSyncedAt">> {
  const [row] = await ctx.db
    .select({
      stripeCustomerId: users.stripeCustomerId,
      stripeSubscriptionId: users.stripeSubscriptionId,
      subscriptionSyncedAt: users.subscriptionSyncedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}
