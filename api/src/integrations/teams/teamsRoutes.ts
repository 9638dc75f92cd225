import { Activity, ActivityTypes } from "@microsoft/agents-activity";
import { CardFactory, type CloudAdapter } from "@microsoft/agents-hosting";
import { buildSummaryCard, summaryText } from "@pointwise/bot/cards/summaryCard";
import { buildVotingCard } from "@pointwise/bot/cards/votingCard";
import { text } from "@pointwise/core/text";
import { and, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { teamsConversations } from "../../db/schema";
import { loadSessionAccess, sessionPolicy } from "../../policies/sessionPolicy";
import { proactiveIdentity, referenceOf } from "./botRoute";
import { summaryCardState, votingCardState } from "./cardStates";

const params = z.object({ id: z.string() });
/** The body the web app sends (spec part 2 section 7); the server recomputes the figures. */
const teamsMessageBody = z
  .object({
    completedStories: z.number().optional(),
    totalPoints: z.number().optional(),
    averagePoints: z.number().nullable().optional(),
    consensusRate: z.number().nullable().optional(),
    participants: z.number().optional(),
    stories: z
      .array(
        z.object({
          title: text("Title"),
          points: z.number().nullable().optional(),
          ticketNumber: text("Ticket number").nullable().optional(),
        }),
      )
      .optional(),
    skippedStories: z
      .array(z.object({ title: text("Title"), ticketNumber: text("Ticket number").nullable().optional() }))
      .optional(),
  })
  .optional()
  .default({});

/** Microsoft Teams' share-to-Teams link: opens Teams with the link and message prefilled. */
export const teamsShareUrl = (href: string, text: string): string =>
  `https://teams.microsoft.com/share?href=${encodeURIComponent(href)}&msgText=${encodeURIComponent(text)}&preview=true`;

/** The voting card preview and the summary post (issue #3 section 2). */
export const teamsRoutes = (ctx: AppContext, adapter: CloudAdapter) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get("/api/sessions/:id/card", { schema: { params } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.view(access);
    return { card: buildVotingCard(await votingCardState(ctx, access)) };
  });

  /**
   * Posts the summary card to the conversation bound to the session when the bot is installed
   * there; otherwise answers with the message text and a Teams share link (spec part 2 section 7).
   */
  app.post("/api/sessions/:id/teams-message", { schema: { params, body: teamsMessageBody } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.view(access);
    const summary = await summaryCardState(ctx, access);
    const message = summaryText(summary);
    const [bound] = await ctx.db
      .select()
      .from(teamsConversations)
      .where(and(eq(teamsConversations.sessionId, access.session.id), isNotNull(teamsConversations.reference)));
    if (!bound?.reference) {
      return { posted: false, message, shareUrl: teamsShareUrl(summary.openUrl, message) };
    }
    await adapter.continueConversation(proactiveIdentity(ctx.config), referenceOf(bound.reference), async (turn) => {
      await turn.sendActivity(
        Activity.fromObject({
          type: ActivityTypes.Message,
          attachments: [CardFactory.adaptiveCard(buildSummaryCard(summary))],
        }),
      );
    });
    return { posted: true, message: "Summary posted to Microsoft Teams", conversationId: bound.conversationId };
  });
};
