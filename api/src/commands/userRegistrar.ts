import type { RegisterInput } from "@pointwise/core/authSchemas";
import type { UserRow } from "../auth/currentUser";
import { hashPassword } from "../auth/passwords";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { isUniqueViolation } from "../db/uniqueViolation";
import { emailInUse } from "../errors";

/**
 * Registers a user with an argon2id password hash.
 * @throws 409 EMAIL_IN_USE when the e-mail has an account.
 */
export async function registerUser(ctx: AppContext, input: RegisterInput): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await ctx.db
      .insert(users)
      .values({ email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash })
      .returning();
    if (!user) throw new Error("unreachable: insert returned no row");
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) throw emailInUse();
    throw err;
  }
}
