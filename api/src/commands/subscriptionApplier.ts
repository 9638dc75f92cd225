import { eq } from "drizzle-orm";
import type { SubscriptionState } from "../billing/subscriptionState";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import { users } from "../db/schema";
import { applySessionLocks, publishLockChanges } from "./sessionLocker";

/** Stripe references and the sync time written with a state (webhooks and in-place changes). */
export interface StripeRefs {
  stripeCustomerId?: string;
  stripeSubscriptionId?: string | null;
  /** Set when the state comes from Stripe (the status's `synced`). */
  syncedAt?: Date;
}

/**
 * Writes a subscription state on the user's row (locked FOR UPDATE first, so a concurrent
 * session creation sees either the old plan or the new one with its locks) and then locks or
 * unlocks the user's sessions for the new plan (commands/sessionLocker).
 * @returns ids of the sessions whose `locked` changed (publish them after the commit).
 */
export async function applySubscriptionState(
  tx: Tx,
  userId: string,
  state: SubscriptionState,
  refs: StripeRefs = {},
): Promise<string[]> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  await tx
    .update(users)
    .set({
      subscriptionPlan: state.plan,
      subscriptionStatus: state.status,
      subscriptionCurrentPeriodEnd: state.currentPeriodEnd,
      subscriptionCancelAtPeriodEnd: state.cancelAtPeriodEnd,
      ...(refs.stripeCustomerId ? { stripeCustomerId: refs.stripeCustomerId } : {}),
      ...(refs.stripeSubscriptionId !== undefined ? { stripeSubscriptionId: refs.stripeSubscriptionId } : {}),
      ...(refs.syncedAt ? { subscriptionSyncedAt: refs.syncedAt } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return applySessionLocks(tx, userId, state.plan);
}

/** {@link applySubscriptionState} in its own transaction, then the lock changes published to the rooms. */
export async function commitSubscriptionState(
  ctx: AppContext,
  userId: string,
  state: SubscriptionState,
  refs: StripeRefs = {},
): Promise<void> {
  const changed = await ctx.db.transaction((tx) => applySubscriptionState(tx, userId, state, refs));
  await publishLockChanges(ctx, changed);
}
