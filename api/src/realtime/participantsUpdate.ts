import type { ParticipantView } from "@pointwise/core/presented";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions } from "../db/schema";
import { leaderPresent } from "../queries/sessionViews";

/**
 * Publishes a `participants_update` delta (core/realtime): changed participants, voterKeys that
 * came online or went offline, and whether the leader is connected now (Live badge). The one
 * place this push is assembled, for joins and for presence changes alike.
 */
export async function publishParticipantsUpdate(
  ctx: AppContext,
  sessionId: string,
  change: { participants?: ParticipantView[]; online?: string[]; offline?: string[] },
): Promise<void> {
  const [session] = await ctx.db.select().from(pointingSessions).where(eq(pointingSessions.id, sessionId));
  if (!session) return;
  await ctx.hub.publish(sessionId, {
    type: "participants_update",
    sessionId,
    participants: change.participants ?? [],
    online: change.online ?? [],
    offline: change.offline ?? [],
    leaderPresent: leaderPresent(session, new Set(await ctx.hub.onlineVoters(sessionId))),
  });
}
