import { sessionNameOf } from "@pointwise/core/displayNames";
import type { ReactionEmoji } from "@pointwise/core/realtime";
import type { AppContext } from "../context";
import type { SessionAccess } from "../policies/sessionPolicy";
import { FrameRateLimiter, type FrameRateLimits } from "./frameRateLimit";

/**
 * Reactions a socket may send (issue #8 section 6): one per second, with a burst of 3. Excess
 * is dropped (the first drop of an excess gets one RATE_LIMITED error frame); a socket is
 * never closed for reactions alone (the general frame limit still applies to every frame).
 */
export const REACTION_LIMITS: FrameRateLimits = { framesPerSecond: 1, frameBurst: 3 };

/** A per-socket reaction limiter: `take()` says whether one more reaction may go out now. */
export function reactionLimiter(limits: FrameRateLimits = REACTION_LIMITS): {
  take(): "send" | "drop" | "firstDrop";
} {
  const bucket = new FrameRateLimiter(limits);
  return {
    take() {
      const verdict = bucket.take();
      if (verdict === "accept") return "send";
      return verdict === "firstDrop" ? "firstDrop" : "drop";
    },
  };
}

/**
 * Sends one emoji reaction to every socket of the session, on every instance (hub.publish:
 * NOTIFY, under the inline limit, so nothing is written to the database). Never stored.
 * `access` is the sender's, already checked as a member (any role, observers too).
 */
export async function sendReaction(ctx: AppContext, access: SessionAccess, emoji: ReactionEmoji): Promise<void> {
  const voterKey = access.voterKey;
  if (!voterKey) return;
  // The same name as on the sender's votes (voteCaster): the user's, else the guest row's.
  const name = sessionNameOf((voterKey.startsWith("u:") ? access.user : access.participant) ?? {});
  await ctx.hub.publish(access.session.id, { type: "reaction", sessionId: access.session.id, emoji, voterKey, name });
}
