import type { AppContext } from "../context";
import { teamsConversations } from "../db/schema";
import type { ConversationRow } from "../queries/conversations";

/** Creates or updates a conversation's row (binding, tenant, bot reference, posted card). */
export async function recordConversation(
  ctx: AppContext,
  conversationId: string,
  patch: Partial<Omit<ConversationRow, "conversationId" | "createdAt">>,
): Promise<void> {
  await ctx.db
    .insert(teamsConversations)
    .values({ conversationId, ...patch })
    .onConflictDoUpdate({ target: teamsConversations.conversationId, set: { ...patch, updatedAt: new Date() } });
}
