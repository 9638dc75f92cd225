import type { AppContext } from "../context";
import { blueskyOauthSessions, blueskyOauthStates } from "../db/schema";

/** The AT Protocol client's saved flows as stored (key, sealed data, expiry). */
export function blueskyStateRows(ctx: AppContext) {
  return ctx.db.select().from(blueskyOauthStates);
}

/** Makes every saved Bluesky flow expired, as if 10 minutes had passed. */
export async function expireBlueskyStates(ctx: AppContext): Promise<void> {
  await ctx.db.update(blueskyOauthStates).set({ expiresAt: new Date(Date.now() - 1000) });
}

/** The AT Protocol client's stored sessions (DID, sealed data). */
export function blueskySessionRows(ctx: AppContext) {
  return ctx.db.select().from(blueskyOauthSessions);
}
