import { Activity, ActivityTypes } from "@microsoft/agents-activity";
import { CardFactory, type CloudAdapter } from "@microsoft/agents-hosting";
import { buildVotingCard } from "@pointwise/bot/cards/votingCard";
import type { ServerMessageType } from "@pointwise/core/realtime";
import { and, eq, isNotNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { teamsConversations } from "../../db/schema";
import { loadSessionAccess } from "../../policies/sessionPolicy";
import { proactiveIdentity, referenceOf } from "./botRoute";
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
]);
/** Changes within this window update a card once (a burst of votes is one update). */
const DEBOUNCE_MS = 300;
/** A session found without a posted card is not looked up again for this long. */
const NO_CARD_TTL_MS = 30_000;

/**
 * Keeps the voting cards posted in Teams up to date: whenever this instance publishes a
 * change to a session bound to a conversation, the conversation's latest card is replaced
 * (proactive `updateActivity`) with the viewer-neutral card, so website voters and card
 * voters see each other live. Each user's own view arrives through the card's refresh action.
 * @returns `forget(sessionId)`, to call when a card is posted (so the next change updates it
 *   at once), and `stop()`, which cancels pending updates.
 */
export function startCardUpdater(
  ctx: AppContext,
  adapter: CloudAdapter,
  log: FastifyBaseLogger,
): { forget(sessionId: string): void; stop(): void } {
  const pending = new Map<string, NodeJS.Timeout>();
  /** Sessions with no card in any conversation, and when that was seen (most sessions). */
  const noCard = new Map<string, number>();
  let stopped = false;
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
    if (rows.length === 0) {
      noCard.set(sessionId, Date.now());
      return;
    }
    noCard.delete(sessionId);
    const access = await loadSessionAccess(ctx.db, { headers: {}, cookies: {}, userMemo: null }, sessionId);
    for (const row of rows) {
      const state = await votingCardState(ctx, access, row.cardUserIds);
      delete state.viewer;
      const card = buildVotingCard(state);
      if (!row.reference) continue;
      await adapter.continueConversation(identity, referenceOf(row.reference), async (turn) => {
        await turn.updateActivity(
          Activity.fromObject({
            type: ActivityTypes.Message,
            id: row.cardActivityId,
            attachments: [CardFactory.adaptiveCard(card)],
          }),
        );
      });
    }
  };

  ctx.hub.onPublish((sessionId, message) => {
    if (stopped || !RELEVANT.has(message.type) || pending.has(sessionId)) return;
    const seen = noCard.get(sessionId);
    if (seen !== undefined && Date.now() - seen < NO_CARD_TTL_MS) return;
    const timer = setTimeout(() => {
      pending.delete(sessionId);
      update(sessionId).catch((err: unknown) => log.warn({ err, sessionId }, "Teams card update failed"));
    }, DEBOUNCE_MS);
    timer.unref();
    pending.set(sessionId, timer);
  });
  return {
    forget: (sessionId) => noCard.delete(sessionId),
    stop() {
      stopped = true;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
