import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { teamInvitations } from "../db/schema";

/** Moves the expiry of every invitation of `email` one second into the past (the 14 days of issue #11, elapsed). */
export async function expireTeamInvitations(ctx: AppContext, email: string): Promise<void> {
  await ctx.db
    .update(teamInvitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(teamInvitations.email, email));
}

/** The stored row of an invitation of `email` (to check what is kept: the token's hash only). */
export async function storedTeamInvitation(ctx: AppContext, email: string) {
  const [row] = await ctx.db.select().from(teamInvitations).where(eq(teamInvitations.email, email));
  return row;
}
