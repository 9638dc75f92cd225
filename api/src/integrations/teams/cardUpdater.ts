import { buildConversationCard } from "@pointwise/bot/cards/votingCard";
import type { ServerMessageType } from "@pointwise/core/realtime";
import { and, eq, isNotNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { teamsConversations } from "../../db/schema";
import { loadSessionAccess } from "../../policies/sessionPolicy";
import { type AdapterSource, agentsActivity, agentsSdk, proactiveIdentity, referenceOf } from "./botAdapter";
import { votingCardState } from "./cardStates";

/** Pushes that change what a voting card shows. */
const RELEVANT = new Set<ServerMessageType>([
  "vote_update",
  "votes_revealed",
  "story_status_change",
  "story_updated",
  "round_started",
  "active_story_changed",
  "stories_imported",
  "story_update",
  // Someone became present or absent, switched to observer or was removed: "Voted n of m" changes (issue #8 section 1).
  "participants_update",
  "participant_removed",
]);
/** Changes within this window update a card once (a burst of votes is one update). */
const DEBOUNCE_MS = 300;
/** How often the set of sessions with a posted card is re-read (cards posted by other instances). */
const CARD_SET_REFRESH_MS = 10_000;

/**
 * Keeps the voting cards posted in Teams up to date: whenever this instance publishes a
 * change to a session bound to a conversation, the conversation's latest card is replaced
 * (proactive `updateActivity`) with the viewer-neutral card, so website voters and card
 * voters see each other live. Each user's own view arrives through the card's refresh action.
 * @returns `cardPosted(sessionId)`, to call when a card is posted (so the next change updates
 *   it at once), and `stop()`, which cancels pending updates.
 */
export function startCardUpdater(
  ctx: AppContext,
  adapter: AdapterSource,
  log: FastifyBaseLogger,
): { cardPosted(sessionId: string): void; stop(): void } {
  const pending = new Map<string, NodeJS.Timeout>();
  /** Sessions with a voting card posted in some conversation: one query per interval, not per vote. */
  let withCard = new Set<string>();
  let stopped = false;
  const refresh = async () => {
    const rows = await ctx.db
      .selectDistinct({ sessionId: teamsConversations.sessionId })
      .from(teamsConversations)
      .where(and(isNotNull(teamsConversations.cardActivityId), isNotNull(teamsConversations.reference)));
    withCard = new Set(rows.flatMap((r) => (r.sessionId ? [r.sessionId] : [])));
  };
  const refresher = setInterval(() => {
    refresh().catch((err: unknown) => log.warn({ err }, "Teams card list refresh failed"));
  }, CARD_SET_REFRESH_MS);
  refresher.unref();
  refresh().catch((err: unknown) => log.warn({ err }, "Teams card list refresh failed"));
  const identity = proactiveIdentity(ctx.config);

  const update = async (sessionId: string) => {
    const rows = await ctx.db
      .select()
      .from(teamsConversations)
      .where(
        and(
          eq(teamsConversations.sessionId, sessionId),
          isNotNull(teamsConversations.reference),
          isNotNull(teamsConversations.cardActivityId),
        ),
      );
    if (rows.length === 0) return;
    const access = await loadSessionAccess(ctx.db, { headers: {}, cookies: {}, userMemo: null }, sessionId);
    for (const row of rows) {
      const card = buildConversationCard(await votingCardState(ctx, access, row.cardUserIds));
      if (!row.reference) continue;
      await adapter().continueConversation(identity, referenceOf(row.reference), async (turn) => {
        const { Activity, ActivityTypes } = agentsActivity();
        await turn.updateActivity(
          Activity.fromObject({
            type: ActivityTypes.Message,
            id: row.cardActivityId,
            attachments: [agentsSdk().CardFactory.adaptiveCard(card)],
          }),
        );
      });
    }
  };

  ctx.hub.onPublish((sessionId, message) => {
    if (stopped || !RELEVANT.has(message.type) || pending.has(sessionId) || !withCard.has(sessionId)) return;
    const timer = setTimeout(() => {
      pending.delete(sessionId);
      update(sessionId).catch((err: unknown) => log.warn({ err, sessionId }, "Teams card update failed"));
    }, DEBOUNCE_MS);
    timer.unref();
    pending.set(sessionId, timer);
  });
  return {
    cardPosted: (sessionId) => {
      withCard.add(sessionId);
    },
    stop() {
      stopped = true;
      clearInterval(refresher);
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
