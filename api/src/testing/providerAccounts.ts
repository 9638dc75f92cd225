import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { users } from "../db/schema";

/** Removes a user's password hash in the test database: the account then looks like one of a sign-in provider. */
export async function makeProviderAccount(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, userId));
}
