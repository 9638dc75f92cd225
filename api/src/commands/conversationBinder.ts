import { isUuid } from "@pointwise/core/ids";
import type { SessionView } from "@pointwise/core/presented";
import type { CreateSessionInput } from "@pointwise/core/sessionSchemas";
import { eq } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import { pointingSessions } from "../db/schema";
import { notFound } from "../errors";
import { conversationPolicy } from "../policies/conversationPolicy";
import { findConversation } from "../queries/conversations";
import { sessionView } from "../queries/sessionViews";
import { recordConversation } from "./conversationRecorder";
import { addUserParticipant } from "./participantJoiner";
import { createSession } from "./sessionCreator";

/**
 * Binds a Teams conversation to a session (issue #3: "the first leader to open the side
 * panel creates it (or picks an existing session); others join it"). With `sessionId` the
 * caller must lead that session; with `create` a new session is made (plan limits apply).
 * A conversation already bound stays bound unless the caller leads its session.
 * @throws 403 PERMISSION_DENIED (conversationPolicy.rebind, conversationPolicy.bindSession); 404
 *   for an unknown session; SUBSCRIPTION_LIMIT_REACHED.
 */
export async function bindConversation(
  ctx: AppContext,
  user: UserRow,
  conversationId: string,
  choice: { sessionId: string } | { create: CreateSessionInput },
  tenantId: string | null,
): Promise<SessionView> {
  const existing = await findConversation(ctx, conversationId);
  if (existing?.sessionId) {
    const [bound] = await ctx.db.select().from(pointingSessions).where(eq(pointingSessions.id, existing.sessionId));
    conversationPolicy.rebind(bound ?? null, user);
  }
  let session: SessionView;
  if ("sessionId" in choice) {
    const [row] = isUuid(choice.sessionId)
      ? await ctx.db.select().from(pointingSessions).where(eq(pointingSessions.id, choice.sessionId))
      : [];
    if (!row) throw notFound("Session not found");
    conversationPolicy.bindSession(row, user);
    session = await sessionView(ctx, row);
  } else {
    session = await createSession(ctx, user, choice.create);
  }
  await recordConversation(ctx, conversationId, { sessionId: session.id, tenantId });
  await addUserParticipant(ctx, session.id, user);
  return session;
}
