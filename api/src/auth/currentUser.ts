import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { users } from "../db/schema";
import { unauthorized } from "../errors";

/** A row of `users`. */
export type UserRow = typeof users.$inferSelect;

/**
 * What identifies a caller: headers (bearer, participant token), cookies, the server-side
 * session and the memo of a resolved user. A FastifyRequest is one; a WebSocket keeps only
 * this much of its upgrade request, not the request itself.
 */
export interface IdentitySource {
  headers: Record<string, string | string[] | undefined>;
  cookies: Record<string, string | undefined>;
  session?: { userId?: string } | undefined;
  userMemo?: UserRow | null;
}

declare module "fastify" {
  interface Session {
    userId?: string;
  }
  interface FastifyRequest {
    /** Memo of the signed-in user for this request (undefined: not looked up yet). */
    userMemo?: UserRow | null;
  }
}

/**
 * The signed-in user of the request, or null. A verified Teams SSO bearer token (set on the
 * request by the bearer hook in app.ts) takes precedence over the session cookie.
 * Memoised per request.
 */
export async function optionalUser(db: Db, request: IdentitySource): Promise<UserRow | null> {
  if (request.userMemo !== undefined) return request.userMemo;
  const userId = request.session?.userId;
  let user: UserRow | null = null;
  if (userId) {
    user = (await db.select().from(users).where(eq(users.id, userId)))[0] ?? null;
  }
  request.userMemo = user;
  return user;
}

/**
 * The signed-in user of the request.
 * @throws AppError 401 UNAUTHORIZED when nobody is signed in.
 */
export async function requireUser(db: Db, request: IdentitySource): Promise<UserRow> {
  const user = await optionalUser(db, request);
  if (!user) throw unauthorized();
  return user;
}
