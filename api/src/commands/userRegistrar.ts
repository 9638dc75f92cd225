import type { ProfileInput, RegisterInput } from "@pointwise/core/authSchemas";
import { and, eq, ne } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import { hashPassword, verifyPassword } from "../auth/passwords";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { emailInUse, invalidCredentials } from "../errors";

/** Postgres unique_violation (SQLSTATE 23505), from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

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

/**
 * The user with this e-mail and password.
 * @throws 401 INVALID_CREDENTIALS, the same for an unknown e-mail and a wrong password.
 */
export async function authenticateUser(ctx: AppContext, email: string, password: string): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) throw invalidCredentials();
  return user;
}

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
