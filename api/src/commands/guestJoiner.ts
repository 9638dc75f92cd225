import type { JoinAnonymousResult } from "@pointwise/core/presented";
import { newParticipantToken } from "../auth/participantTokens";
import type { AppContext } from "../context";
import { sessionParticipants } from "../db/schema";
import { loadSessionTeamSettings, teamPrivacyPolicy } from "../policies/teamPrivacyPolicy";
import { presentParticipant, ROOM_VIEWER } from "../presenters/participantPresenter";
import { lockOpenSession } from "../queries/openSession";
import { publishParticipantsUpdate } from "../realtime/participantsUpdate";

/**
 * Joins a guest by display name (spec part 2 section 5): a new anonymous participant and its
 * token, of which only the SHA-256 is stored; `role` observer for "Join as observer" (issue #8
 * section 1). Joining starts the presence grace, so the round waits for the guest from now.
 * The room's push is held for the guest's WebSocket join (PARTICIPANT_JOIN_HOLD_MS at most).
 * @throws 404 "Invalid session" for an unknown session; 403 when archived or full; 403
 *   PERMISSION_DENIED when the session's team does not allow anonymous participants (issue #22).
 */
export async function joinAnonymous(
  ctx: AppContext,
  sessionId: string,
  displayName: string,
  role: "participant" | "observer" = "participant",
): Promise<JoinAnonymousResult> {
  const { token, hash } = newParticipantToken();
  const { session, row } = await ctx.db.transaction(async (tx) => {
    const session = await lockOpenSession(tx, sessionId, "Invalid session");
    teamPrivacyPolicy.joinAnonymously(await loadSessionTeamSettings(tx, session.teamId));
    const [row] = await tx
      .insert(sessionParticipants)
      .values({
        sessionId,
        displayName,
        isAnonymous: true,
        role,
        tokenHash: hash,
        presentUntil: ctx.hub.graceEndSql(),
      })
      .returning();
    if (!row) throw new Error("unreachable: insert returned no row");
    return { session, row };
  });
  // Held for the guest's WebSocket join, which follows in the web app: one frame for both (issue #10).
  publishParticipantsUpdate(
    ctx,
    sessionId,
    { participants: [presentParticipant(row, null, ROOM_VIEWER)] },
    "held",
  ).catch(() => undefined);
  return {
    participant: { id: row.id, displayName: row.displayName ?? displayName },
    sessionInfo: { title: session.title },
    participantToken: token,
  };
}
