import type { SummaryCardState, VotingCardState } from "./cardState";

/** A Teams person as an activity names them. */
export interface TeamsUserRef {
  /** Teams user id (`29:...`), for card refresh lists. */
  id: string;
  /** Entra ID object id; absent for anonymous meeting guests. */
  aadObjectId: string | null;
  name: string;
  tenantId: string | null;
}

/** A Teams conversation and its Bot Framework reference (for proactive posts). */
export interface ConversationRef {
  id: string;
  tenantId: string | null;
  serviceUrl: string;
  reference: Record<string, unknown>;
}

/**
 * What the bot asks of Pointwise. The server implements it with the same commands,
 * policies and presenters as the web (identity from the Teams user, permissions, deck
 * validation, secrecy). Failures reject with `{code, message}` (an AppError).
 */
export interface PokerPort {
  /** Stores the conversation reference (install, first message). */
  rememberConversation(conversation: ConversationRef): Promise<void>;
  /** Remembers the id of the latest voting card posted in a conversation. */
  rememberCard(conversationId: string, activityId: string): Promise<void>;
  startSession(conversation: ConversationRef, user: TeamsUserRef, title: string): Promise<VotingCardState>;
  addStory(conversation: ConversationRef, user: TeamsUserRef, title: string): Promise<VotingCardState>;
  vote(
    conversation: ConversationRef,
    user: TeamsUserRef,
    storyId: string | null,
    points: number | null | "coffee",
  ): Promise<VotingCardState>;
  reveal(conversation: ConversationRef, user: TeamsUserRef): Promise<VotingCardState>;
  next(conversation: ConversationRef, user: TeamsUserRef): Promise<VotingCardState>;
  summary(conversation: ConversationRef, user: TeamsUserRef): Promise<SummaryCardState>;
  /** The current card as `user` should see it, or null when no session is bound. */
  cardFor(conversation: ConversationRef, user: TeamsUserRef): Promise<VotingCardState | null>;
}
