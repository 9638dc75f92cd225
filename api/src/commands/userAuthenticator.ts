import { eq } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import { verifyPassword } from "../auth/passwords";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { invalidCredentials } from "../errors";

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
