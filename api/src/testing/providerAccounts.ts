import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { users } from "../db/schema";

/** Removes a user's password hash in the test database: the account then looks like one of a sign-in provider. */
export async function makeProviderAccount(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, userId));
}

/** The spec's oauthProvider/oauthId pair of a user as stored (issue #13 section 1). */
export async function oauthPairOf(
  ctx: AppContext,
  userId: string,
): Promise<{ oauthProvider: string | null; oauthId: string | null } | undefined> {
  const [row] = await ctx.db
    .select({ oauthProvider: users.oauthProvider, oauthId: users.oauthId })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
