import type { SessionView } from "@pointwise/core/presented";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions } from "../db/schema";
import { notFound } from "../errors";
import type { SessionRow } from "../policies/sessionPolicy";
import { sessionView } from "../queries/sessionViews";

/**
 * Writes a patch to a session row and tells its room (`session_updated`); the one write
 * behind editing, archiving and restoring a session.
 * @throws 404 NOT_FOUND when the session is gone.
 */
export async function saveSession(
  ctx: AppContext,
  sessionId: string,
  patch: Partial<SessionRow>,
): Promise<SessionView> {
  const [row] = await ctx.db.update(pointingSessions).set(patch).where(eq(pointingSessions.id, sessionId)).returning();
  if (!row) throw notFound("Session not found");
  const view = await sessionView(ctx, row);
  await ctx.hub.publish(sessionId, { type: "session_updated", session: view });
  return view;
}
