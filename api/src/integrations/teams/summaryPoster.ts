import { buildSummaryCard, summaryText } from "@pointwise/bot/cards/summaryCard";
import type { AppContext } from "../../context";
import type { SessionAccess } from "../../policies/sessionPolicy";
import { postableConversationOf } from "../../queries/conversations";
import { type AdapterSource, agentsActivity, agentsSdk, proactiveIdentity, referenceOf } from "./botAdapter";
import { summaryCardState } from "./cardStates";

/** Microsoft Teams' share-to-Teams link: opens Teams with the link and message prefilled. */
export const teamsShareUrl = (href: string, text: string): string =>
  `https://teams.microsoft.com/share?href=${encodeURIComponent(href)}&msgText=${encodeURIComponent(text)}&preview=true`;

/** What `POST /api/sessions/{id}/teams-message` answers. */
export type SummaryPostResult =
  | { posted: false; message: string; shareUrl: string }
  | { posted: true; message: string; conversationId: string };

/**
 * Posts the session's summary card to the conversation bound to it when the bot is installed
 * there; otherwise returns the message text and a Teams share link (spec part 2 section 7).
 * The figures are recomputed on the server, as `access` may see them.
 */
export async function postSummary(
  ctx: AppContext,
  adapter: AdapterSource,
  access: SessionAccess,
): Promise<SummaryPostResult> {
  const summary = await summaryCardState(ctx, access);
  const message = summaryText(summary);
  const bound = await postableConversationOf(ctx, access.session.id);
  if (!bound?.reference) return { posted: false, message, shareUrl: teamsShareUrl(summary.openUrl, message) };
  await adapter().continueConversation(proactiveIdentity(ctx.config), referenceOf(bound.reference), async (turn) => {
    const { Activity, ActivityTypes } = agentsActivity();
    await turn.sendActivity(
      Activity.fromObject({
        type: ActivityTypes.Message,
        attachments: [agentsSdk().CardFactory.adaptiveCard(buildSummaryCard(summary))],
      }),
    );
  });
  return { posted: true, message: "Summary posted to Microsoft Teams", conversationId: bound.conversationId };
}
