import { and, eq, isNotNull } from "drizzle-orm";
import type { AppContext } from "../context";
import { teamsConversations } from "../db/schema";

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

/**
 * A conversation bound to the session where the bot can post (it has a stored conversation
 * reference, i.e. the bot is installed there), or null.
 */
export async function postableConversationOf(ctx: AppContext, sessionId: string): Promise<ConversationRow | null> {
  const [row] = await ctx.db
    .select()
    .from(teamsConversations)
    .where(and(eq(teamsConversations.sessionId, sessionId), isNotNull(teamsConversations.reference)));
  return row ?? null;
}
