import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { passwordResetTokens } from "../db/schema";

/** The stored reset links of a user (to check what is kept: the token's hash only). */
export async function storedResetTokens(ctx: AppContext, userId: string) {
  return ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** Moves the expiry of every reset link of the user one second into the past (the hour, elapsed). */
export async function expireResetTokens(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db
    .update(passwordResetTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(passwordResetTokens.userId, userId));
}
