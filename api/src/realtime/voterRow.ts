import type { VoterIds } from "@pointwise/core/voters";
import { and, eq, type SQL } from "drizzle-orm";
import { sessionParticipants } from "../db/schema";

/**
 * The condition that picks a voter's `session_participants` row in a session: by user id for a
 * registered user, by the row's own id for a guest (the two kinds of voter key, core/voters).
 */
export function voterRowOf(sessionId: string, ids: VoterIds): SQL {
  return and(
    eq(sessionParticipants.sessionId, sessionId),
    ids.userId !== null ? eq(sessionParticipants.userId, ids.userId) : eq(sessionParticipants.id, ids.participantId),
  ) as SQL;
}
