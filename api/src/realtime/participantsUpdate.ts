import type { ParticipantView } from "@pointwise/core/presented";
import { parseVoterKey } from "@pointwise/core/voters";
import { eq, sql } from "drizzle-orm";
import { autoRevealIfComplete } from "../commands/autoRevealer";
import type { AppContext } from "../context";
import { pointingSessions, sessionParticipants } from "../db/schema";
import { ROOM_VIEWER } from "../presenters/participantPresenter";
import { currentRoundProgress } from "../queries/roundProgress";
import { participantViews } from "../queries/sessionState";
import { leaderPresent } from "../queries/sessionViews";
import { voterRowOf } from "./voterRow";

/**
 * Publishes a `participants_update` delta (core/realtime): changed participants, voterKeys that
 * came online or went offline, whether the leader is connected now (Live badge), and the
 * current story's counts (issue #8 section 1). The one place this push is assembled, for joins,
 * presence changes, the end of a grace, role changes and removals.
 * @param change.refresh voterKeys whose participants are sent again as they are now (`present`, role)
 */
export async function publishParticipantsUpdate(
  ctx: AppContext,
  sessionId: string,
  change: { participants?: ParticipantView[]; online?: string[]; offline?: string[]; refresh?: string[] },
): Promise<void> {
  const [session] = await ctx.db.select().from(pointingSessions).where(eq(pointingSessions.id, sessionId));
  if (!session) return;
  const given = change.participants ?? [];
  const refresh = new Set(change.refresh ?? []);
  for (const p of given) refresh.delete(p.voterKey);
  // One read: the joiner's own view may predate their presence (`present`), so send the current one.
  const current = new Map((await participantViews(ctx, sessionId, ROOM_VIEWER)).map((p) => [p.id, p]));
  const fresh = [...current.values()].filter((p) => refresh.has(p.voterKey));
  const participants = [...given.map((p) => current.get(p.id) ?? p), ...fresh];
  const progress = await currentRoundProgress(ctx.db, sessionId);
  await ctx.hub.publish(sessionId, {
    type: "participants_update",
    sessionId,
    participants,
    online: change.online ?? [],
    offline: change.offline ?? [],
    leaderPresent: leaderPresent(session, new Set(await ctx.hub.onlineVoters(sessionId))),
    ...progress,
  });
  // Someone the round waited for left, became an observer or was removed: that may complete the
  // round (issue #8 sections 1 and 2). autoRevealIfComplete checks again under the story's lock.
  const complete = progress.expectedVoters > 0 && progress.votedCount >= progress.expectedVoters;
  if (session.autoReveal && progress.currentStoryId && complete) {
    await autoRevealIfComplete(ctx, sessionId, progress.currentStoryId).catch(() => null);
  }
}

/**
 * True when the participant behind `voterKey` had no presence grace running (absent, or never
 * seen): their coming online changes `present`, so the push carries them again.
 */
export async function wasAbsent(ctx: AppContext, sessionId: string, voterKey: string): Promise<boolean> {
  const ids = parseVoterKey(voterKey);
  if (!ids) return false;
  const [row] = await ctx.db
    .select({
      absent: sql<boolean>`${sessionParticipants.presentUntil} is null or ${sessionParticipants.presentUntil} <= now()`,
    })
    .from(sessionParticipants)
    .where(voterRowOf(sessionId, ids));
  return row?.absent === true;
}
