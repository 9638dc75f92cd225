import { eq } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { userNotFound } from "../errors";

/**
 * Finds the registered user an invitation names, by id or e-mail.
 * @throws 404 USER_NOT_FOUND.
 */
export async function findInvitee(ctx: AppContext, by: { userId?: string; email?: string }): Promise<UserRow> {
  const [user] = by.userId
    ? await ctx.db.select().from(users).where(eq(users.id, by.userId))
    : await ctx.db
        .select()
        .from(users)
        .where(eq(users.email, by.email ?? ""));
  if (!user) throw userNotFound("No registered user with that email");
  return user;
}
