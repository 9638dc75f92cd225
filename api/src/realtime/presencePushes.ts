import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../context";
import { publishParticipantsUpdate, wasAbsent } from "./participantsUpdate";

/**
 * Turns presence changes (ctx.hub.onPresence) into pushes: every change reaches everyone with the
 * participant's `present` and the new counts (issue #8 section 1); `absent` (the grace ran out)
 * needs no client to poll. A newcomer's `online` goes out in the same coalesced frame as their
 * join's held push (issue #10). (`offline` changes nothing but the dot: the grace keeps them
 * present.) Registered once per app, by the WebSocket route (routes/ws/wsRoute); a failed push is
 * logged as a warning.
 */
export function startPresencePushes(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.hub.onPresence((sessionId, voterKey, change) => {
    const update = async () => {
      if (change === "offline") return publishParticipantsUpdate(ctx, sessionId, { offline: [voterKey] });
      if (change === "absent")
        return publishParticipantsUpdate(ctx, sessionId, { offline: [voterKey], refresh: [voterKey] });
      const refresh = (await wasAbsent(ctx, sessionId, voterKey)) ? [voterKey] : [];
      return publishParticipantsUpdate(ctx, sessionId, { online: [voterKey], refresh });
    };
    update().catch((err: unknown) => log.warn({ err }, "presence update failed"));
  });
}
