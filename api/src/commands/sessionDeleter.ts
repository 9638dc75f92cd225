import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions } from "../db/schema";
import type { SessionAccess } from "../policies/sessionPolicy";

/** Deletes a session with its stories, votes and participants (cascades). */
export async function deleteSession(ctx: AppContext, access: SessionAccess): Promise<void> {
  await ctx.db.delete(pointingSessions).where(eq(pointingSessions.id, access.session.id));
  await ctx.hub.publish(access.session.id, { type: "session_deleted", sessionId: access.session.id });
}
