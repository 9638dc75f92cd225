import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/database";
import { users } from "../db/schema";
import { unauthorized } from "../errors";

/** A row of `users`. */
export type UserRow = typeof users.$inferSelect;

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
export async function optionalUser(db: Db, request: FastifyRequest): Promise<UserRow | null> {
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
export async function requireUser(db: Db, request: FastifyRequest): Promise<UserRow> {
  const user = await optionalUser(db, request);
  if (!user) throw unauthorized();
  return user;
}
