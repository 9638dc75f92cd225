import { Activity, ActivityTypes } from "@microsoft/agents-activity";
import { CardFactory, type TurnContext } from "@microsoft/agents-hosting";
import { CARD_VERBS, cardActionSchema } from "@pointwise/core/cardActionSchemas";
import { parseBotCommand } from "./botCommand";
import type { VotingCardState } from "./cardState";
import type { AdaptiveCard } from "./cards/adaptiveCard";
import { cardMarkdown } from "./cards/cardText";
import { buildHelpCard } from "./cards/helpCard";
import { buildSummaryCard } from "./cards/summaryCard";
import { buildConversationCard, buildVotingCard } from "./cards/votingCard";
import type { ConversationRef, PokerPort, TeamsUserRef } from "./pokerPort";

/** An error the port raised on purpose (`{code, message}`), shown to the user. */
function userError(err: unknown): { code: string; message: string } | null {
  const e = err as { code?: unknown; message?: unknown } | undefined;
  return typeof e?.code === "string" && typeof e.message === "string" ? { code: e.code, message: e.message } : null;
}

function teamsUser(activity: Activity): TeamsUserRef {
  const channelData = activity.channelData as { tenant?: { id?: string } } | undefined;
  return {
    id: activity.from?.id ?? "",
    aadObjectId: activity.from?.aadObjectId ?? null,
    name: activity.from?.name ?? "Teams user",
    tenantId: activity.conversation?.tenantId ?? channelData?.tenant?.id ?? null,
  };
}

function conversationOf(activity: Activity): ConversationRef {
  const channelData = activity.channelData as { tenant?: { id?: string } } | undefined;
  return {
    id: activity.conversation?.id ?? "",
    tenantId: activity.conversation?.tenantId ?? channelData?.tenant?.id ?? null,
    serviceUrl: activity.serviceUrl ?? "",
    reference: JSON.parse(JSON.stringify(activity.getConversationReference())) as Record<string, unknown>,
  };
}

/** A message activity carrying one Adaptive Card. */
const cardMessage = (card: AdaptiveCard) =>
  Activity.fromObject({ type: ActivityTypes.Message, attachments: [CardFactory.adaptiveCard(card)] });
/** A plain text message. */
const textMessage = (text: string) => Activity.fromObject({ type: ActivityTypes.Message, text });
/** The invoke response activity (the adapter returns its value as the HTTP answer). */
const invokeResponse = (value: unknown) => Activity.fromObject({ type: ActivityTypes.InvokeResponse, value });

/** The invoke response of a Universal Action: a card, or a Teams error message (HTTP 200). */
function invokeCard(card: AdaptiveCard) {
  return { status: 200, body: { statusCode: 200, type: "application/vnd.microsoft.card.adaptive", value: card } };
}
function invokeError(code: string, message: string) {
  return { status: 200, body: { statusCode: 400, type: "application/vnd.microsoft.error", value: { code, message } } };
}

/**
 * The bot's turn handler (Microsoft 365 Agents SDK): stores conversation references on
 * install, answers commands (`new`, `add`, `reveal`, `next`, `summary`, `help`; anything else
 * gets the help card) and handles the voting card's `adaptiveCard/action` invokes, returning
 * the refreshed card. All work goes through `port`.
 */
export function createAgentLogic(port: PokerPort): (context: TurnContext) => Promise<void> {
  /** Posts the conversation's (viewer-neutral) voting card and remembers it for live updates. */
  const postVotingCard = async (context: TurnContext, conversation: ConversationRef, state: VotingCardState) => {
    const sent = await context.sendActivity(cardMessage(buildConversationCard(state)));
    if (sent?.id) await port.rememberCard(conversation.id, sent.id);
  };

  const onMessage = async (context: TurnContext) => {
    const conversation = conversationOf(context.activity);
    const user = teamsUser(context.activity);
    await port.rememberConversation(conversation);
    const command = parseBotCommand(context.activity.text);
    try {
      switch (command.kind) {
        case "new":
          return await postVotingCard(
            context,
            conversation,
            await port.startSession(conversation, user, command.title),
          );
        case "add":
          return await postVotingCard(context, conversation, await port.addStory(conversation, user, command.title));
        case "reveal":
          return await postVotingCard(context, conversation, await port.reveal(conversation, user));
        case "next":
          return await postVotingCard(context, conversation, await port.next(conversation, user));
        case "summary":
          await context.sendActivity(cardMessage(buildSummaryCard(await port.summary(conversation, user))));
          return;
        case "help":
          await context.sendActivity(cardMessage(buildHelpCard()));
          return;
        default:
          await context.sendActivity(
            cardMessage(
              buildHelpCard(command.text ? cardMarkdown`I don't know "${command.text.slice(0, 80)}".` : undefined),
            ),
          );
      }
    } catch (err) {
      const known = userError(err);
      if (!known) throw err;
      await context.sendActivity(textMessage(known.message));
    }
  };

  /**
   * A voting card button (`adaptiveCard/action`): its `{verb, data}` is parsed with core
   * cardActionSchema first (a vote's data with the REST vote's schema; issue #23 section 7), so
   * malformed data is answered with the Universal Actions error response, VALIDATION_ERROR and
   * the field's message (e.g. "Invalid story"), as POST /api/votes would answer it.
   */
  const onCardAction = async (context: TurnContext) => {
    const conversation = conversationOf(context.activity);
    const user = teamsUser(context.activity);
    const value = context.activity.value as { action?: { verb?: unknown; data?: unknown } } | undefined;
    const parsed = cardActionSchema.safeParse({ verb: value?.action?.verb, data: value?.action?.data });
    let response: ReturnType<typeof invokeCard> | ReturnType<typeof invokeError>;
    try {
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const message = issue?.path[0] === "verb" ? `Unknown action ${String(value?.action?.verb)}` : issue?.message;
        response = invokeError("VALIDATION_ERROR", message ?? "Invalid card action");
      } else {
        const action = parsed.data;
        switch (action.verb) {
          case CARD_VERBS.vote: {
            // "coffee": the coffee card, a break request (issue #8 section 4); null (`?`) retracts.
            const { storyId, points } = action.data;
            response = invokeCard(buildVotingCard(await port.vote(conversation, user, storyId ?? null, points)));
            break;
          }
          case CARD_VERBS.reveal:
            response = invokeCard(buildVotingCard(await port.reveal(conversation, user)));
            break;
          case CARD_VERBS.next:
            response = invokeCard(buildVotingCard(await port.next(conversation, user)));
            break;
          case CARD_VERBS.refresh: {
            const state = await port.cardFor(conversation, user);
            response = state
              ? invokeCard(buildVotingCard(state))
              : invokeCard(buildHelpCard(cardMarkdown`No session in this conversation yet.`));
            break;
          }
        }
      }
    } catch (err) {
      const known = userError(err);
      if (!known) throw err;
      response = invokeError(known.code, known.message);
    }
    await context.sendActivity(invokeResponse(response));
  };

  return async (context) => {
    const activity = context.activity;
    switch (activity.type) {
      case ActivityTypes.Message:
        return onMessage(context);
      case ActivityTypes.Invoke:
        if (activity.name === "adaptiveCard/action") return onCardAction(context);
        await context.sendActivity(invokeResponse({ status: 501 }));
        return;
      case ActivityTypes.ConversationUpdate:
      case ActivityTypes.InstallationUpdate: {
        await port.rememberConversation(conversationOf(activity));
        // One welcome per install: Teams sends both a conversationUpdate adding the bot and an
        // installationUpdate for the same install (issue #22), so only the former welcomes; an
        // installationUpdate (add, upgrade or remove) only refreshes the conversation reference.
        const botAdded =
          activity.type === ActivityTypes.ConversationUpdate &&
          activity.membersAdded?.some((m) => m.id === activity.recipient?.id);
        if (botAdded) await context.sendActivity(cardMessage(buildHelpCard()));
        return;
      }
      default:
        return;
    }
  };
}
