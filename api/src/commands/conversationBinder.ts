import { isUuid } from "@pointwise/core/ids";
import type { SessionView } from "@pointwise/core/presented";
import type { CreateSessionInput } from "@pointwise/core/sessionSchemas";
import { eq } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import { pointingSessions, teamsConversations } from "../db/schema";
import { notFound, permissionDenied } from "../errors";
import { isSessionLeader } from "../policies/sessionPolicy";
import { sessionView } from "../queries/sessionViews";
import { addUserParticipant } from "./participantJoiner";
import { createSession } from "./sessionCreator";

/** A row of `teams_conversations`. */
export type ConversationRow = typeof teamsConversations.$inferSelect;

/** The binding of a Teams conversation, or null. */
export async function findConversation(ctx: AppContext, conversationId: string): Promise<ConversationRow | null> {
  const [row] = await ctx.db
    .select()
    .from(teamsConversations)
    .where(eq(teamsConversations.conversationId, conversationId));
  return row ?? null;
}

/** Creates or updates a conversation's row (binding, tenant, bot reference). */
export async function upsertConversation(
  ctx: AppContext,
  conversationId: string,
  patch: Partial<Omit<ConversationRow, "conversationId" | "createdAt">>,
): Promise<void> {
  await ctx.db
    .insert(teamsConversations)
    .values({ conversationId, ...patch })
    .onConflictDoUpdate({ target: teamsConversations.conversationId, set: { ...patch, updatedAt: new Date() } });
}

/**
 * Binds a Teams conversation to a session (issue #3: "the first leader to open the side
 * panel creates it (or picks an existing session); others join it"). With `sessionId` the
 * caller must lead that session; with `create` a new session is made (plan limits apply).
 * A conversation already bound stays bound unless the caller leads its session.
 * @throws 403 PERMISSION_DENIED when rebinding someone else's binding or picking a session
 *   the caller does not lead; 404 for an unknown session; SUBSCRIPTION_LIMIT_REACHED.
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
    if (bound && !isSessionLeader(bound, user.id)) {
      throw permissionDenied("This meeting already has a session; only its leader can change it");
    }
  }
  let session: SessionView;
  if ("sessionId" in choice) {
    const [row] = isUuid(choice.sessionId)
      ? await ctx.db.select().from(pointingSessions).where(eq(pointingSessions.id, choice.sessionId))
      : [];
    if (!row) throw notFound("Session not found");
    if (!isSessionLeader(row, user.id)) throw permissionDenied("Only the session's leader can bind it to a meeting");
    session = await sessionView(ctx, row);
  } else {
    session = await createSession(ctx, user, choice.create);
  }
  await upsertConversation(ctx, conversationId, { sessionId: session.id, tenantId });
  await addUserParticipant(ctx, session.id, user);
  return session;
}
