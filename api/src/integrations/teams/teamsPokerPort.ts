import type { ConversationRef, PokerPort, TeamsUserRef } from "@pointwise/bot/pokerPort";
import { createSessionSchema } from "@pointwise/core/sessionSchemas";
import { voterKeyOf } from "@pointwise/core/voters";
import type { UserRow } from "../../auth/currentUser";
import { userForTeamsIdentity } from "../../auth/teamsSso";
import { bindConversation } from "../../commands/conversationBinder";
import { recordConversation } from "../../commands/conversationRecorder";
import { addUserParticipant } from "../../commands/participantJoiner";
import { createStory } from "../../commands/storyCreator";
import { updateStory } from "../../commands/storyUpdater";
import { castVote } from "../../commands/voteCaster";
import { revealVotes } from "../../commands/votesRevealer";
import type { AppContext } from "../../context";
import { notFound, permissionDenied, validationError } from "../../errors";
import { loadSessionAccess, type SessionAccess, sessionPolicy } from "../../policies/sessionPolicy";
import { findConversation } from "../../queries/conversations";
import { currentStoryIdOf } from "../../queries/storyWindow";
import { summaryCardState, votingCardState } from "./cardStates";

/** Most Teams ids a card's refresh list may hold (Universal Actions limit). */
const MAX_REFRESH_USERS = 60;

/**
 * The user behind a Teams activity (tid + aadObjectId, as with SSO).
 * @throws 403 for anonymous meeting guests, who vote in the meeting side panel instead.
 */
async function userOf(ctx: AppContext, who: TeamsUserRef): Promise<UserRow> {
  if (!who.aadObjectId || !who.tenantId) {
    throw permissionDenied("Guests without a Teams account can vote in the meeting side panel.");
  }
  return userForTeamsIdentity(ctx.db, {
    tenantId: who.tenantId,
    objectId: who.aadObjectId,
    name: who.name,
    givenName: null,
    familyName: null,
    email: null,
  });
}

/**
 * PokerPort on the server's own commands: identity from the Teams user, the session bound to
 * the conversation, the same policies, deck checks and secrecy as the web.
 * @param cardPosted told when a voting card is posted, so live updates start at once
 */
export function createTeamsPokerPort(ctx: AppContext, cardPosted: (sessionId: string) => void = () => {}): PokerPort {
  /** The caller's access to the conversation's session; people in the conversation join it. */
  const access = async (
    conversation: ConversationRef,
    who: TeamsUserRef,
  ): Promise<{ access: SessionAccess; user: UserRow }> => {
    const row = await findConversation(ctx, conversation.id);
    if (!row?.sessionId) throw notFound("No Pointwise session in this conversation yet. Start one with: new <title>");
    const user = await userOf(ctx, who);
    let found = await loadSessionAccess(ctx.db, { headers: {}, cookies: {}, userMemo: user }, row.sessionId);
    if (!found.isMember && !found.session.archivedAt) {
      await addUserParticipant(ctx, row.sessionId, user);
      found = await loadSessionAccess(ctx.db, { headers: {}, cookies: {}, userMemo: user }, row.sessionId);
    }
    // A card action shows the person is there: present for the grace (issue #8 section 1).
    if (found.participant) await ctx.hub.markLastSeen(row.sessionId, voterKeyOf({ userId: user.id }));
    if (who.id && !row.cardUserIds.includes(who.id)) {
      await recordConversation(ctx, conversation.id, {
        cardUserIds: [...row.cardUserIds, who.id].slice(-MAX_REFRESH_USERS),
      });
    }
    return { access: found, user };
  };
  const refreshIds = async (conversationId: string) => (await findConversation(ctx, conversationId))?.cardUserIds ?? [];
  const card = async (conversation: ConversationRef, a: SessionAccess) =>
    votingCardState(ctx, a, await refreshIds(conversation.id));
  /** The group's current story (queries/storyWindow `currentStoryIdOf`: no story list read). */
  const currentStoryId = async (a: SessionAccess): Promise<string> => {
    const id = await currentStoryIdOf(ctx.db, a.session.id);
    if (!id)
      throw validationError(
        { story: ["No story to estimate. Add one with: add <story title>"] },
        "No story to estimate. Add one with: add <story title>",
      );
    return id;
  };

  return {
    async rememberConversation(conversation) {
      await recordConversation(ctx, conversation.id, {
        tenantId: conversation.tenantId,
        serviceUrl: conversation.serviceUrl,
        reference: conversation.reference,
      });
    },
    async rememberCard(conversationId, activityId) {
      await recordConversation(ctx, conversationId, { cardActivityId: activityId });
      const row = await findConversation(ctx, conversationId);
      if (row?.sessionId) cardPosted(row.sessionId);
    },
    async startSession(conversation, who, title) {
      const user = await userOf(ctx, who);
      const parsed = createSessionSchema.safeParse({ title });
      if (!parsed.success) throw validationError({ title: parsed.error.issues.map((i) => i.message) });
      const session = await bindConversation(
        ctx,
        user,
        conversation.id,
        { create: parsed.data },
        conversation.tenantId,
      );
      const a = await loadSessionAccess(ctx.db, { headers: {}, cookies: {}, userMemo: user }, session.id);
      return card(conversation, a);
    },
    async addStory(conversation, who, title) {
      const { access: a } = await access(conversation, who);
      sessionPolicy.lead(a);
      const parsed = createSessionSchema.shape.title.safeParse(title);
      if (!parsed.success) throw validationError({ title: parsed.error.issues.map((i) => i.message) });
      await createStory(ctx, a, { title: parsed.data, description: null, acceptanceCriteria: [], ticketNumber: null });
      return card(conversation, await reload(a));
    },
    async vote(conversation, who, storyId, points) {
      const { access: a } = await access(conversation, who);
      await castVote(ctx, a, { storyId: storyId ?? (await currentStoryId(a)), points });
      return card(conversation, a);
    },
    async reveal(conversation, who) {
      const { access: a } = await access(conversation, who);
      sessionPolicy.participate(a);
      await revealVotes(ctx, a, await currentStoryId(a));
      return card(conversation, a);
    },
    async next(conversation, who) {
      const { access: a } = await access(conversation, who);
      sessionPolicy.lead(a);
      await updateStory(ctx, a, await currentStoryId(a), { status: "completed" });
      return card(conversation, await reload(a));
    },
    async summary(conversation, who) {
      const { access: a } = await access(conversation, who);
      sessionPolicy.view(a);
      return summaryCardState(ctx, a);
    },
    async cardFor(conversation, who) {
      const row = await findConversation(ctx, conversation.id);
      if (!row?.sessionId) return null;
      const { access: a } = await access(conversation, who);
      return card(conversation, a);
    },
  };

  /** Access with the session row read again (the active story may have moved). */
  async function reload(a: SessionAccess): Promise<SessionAccess> {
    return loadSessionAccess(ctx.db, { headers: {}, cookies: {}, userMemo: a.user }, a.session.id);
  }
}
