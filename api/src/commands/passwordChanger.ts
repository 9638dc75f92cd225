import type { PasswordChangeInput } from "@pointwise/core/authSchemas";
import { eq } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import { hashPassword, verifyPassword } from "../auth/passwords";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { validationError } from "../errors";

/** The field message of a wrong current password. */
export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";
/** The field message when the account has no password (it signs in with a provider). */
export const NO_PASSWORD = "This account signs in with a provider and has no password to change";

/**
 * Sets a new password for an e-mail account after checking the current one (issue #11 section 4).
 * Signing out the user's other sessions is the caller's part (the session store's
 * `destroyOthers`), after this has committed.
 * @throws 400 VALIDATION_ERROR on `currentPassword` when it is wrong or the account has no password.
 */
export async function changePassword(ctx: AppContext, user: UserRow, input: PasswordChangeInput): Promise<void> {
  if (!user.passwordHash) throw validationError({ currentPassword: [NO_PASSWORD] });
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw validationError({ currentPassword: [WRONG_CURRENT_PASSWORD] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
}
