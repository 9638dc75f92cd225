import type { ProfileInput } from "@pointwise/core/authSchemas";
import { and, eq, ne } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { isUniqueViolation } from "../db/uniqueViolation";
import { emailInUse } from "../errors";

/**
 * Updates names and e-mail of the signed-in user.
 * @throws 409 EMAIL_IN_USE when the new e-mail belongs to another account.
 */
export async function updateProfile(ctx: AppContext, user: UserRow, input: ProfileInput): Promise<UserRow> {
  if (input.email && input.email !== user.email) {
    const clash = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), ne(users.id, user.id)));
    if (clash.length > 0) throw emailInUse();
  }
  try {
    const [updated] = await ctx.db
      .update(users)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return updated ?? user;
  } catch (err) {
    if (isUniqueViolation(err)) throw emailInUse();
    throw err;
  }
}
