import { z } from "zod";
import type { StoryView } from "./presented";

/**
 * The round timer (issue #8 section 2): the leader starts a countdown on the group's current
 * story; the deadline is stored on the server and pushed, and every client shows the time left
 * from that deadline, corrected by its offset to the server's clock.
 */

/** Shortest and longest timer, in seconds (issue #8 section 7: "30 to 600 seconds; anything else is a 400"). */
export const TIMER_MIN_SECONDS = 30;
export const TIMER_MAX_SECONDS = 600;
/** The presets the leader picks from, in seconds: 1, 2 and 5 minutes (issue #8 section 2). */
export const TIMER_PRESETS_SECONDS = [60, 120, 300] as const;

const TIMER_RANGE = `The timer runs from ${TIMER_MIN_SECONDS} to ${TIMER_MAX_SECONDS} seconds`;

/** POST /api/stories/{id}/timer body: `seconds`, a whole number from 30 to 600 (no strings). */
export const startTimerSchema = z.object({
  seconds: z
    .number({ error: "Seconds must be a whole number of seconds" })
    .int("Seconds must be a whole number of seconds")
    .min(TIMER_MIN_SECONDS, TIMER_RANGE)
    .max(TIMER_MAX_SECONDS, TIMER_RANGE),
});
/** A validated timer start. */
export type StartTimerInput = z.infer<typeof startTimerSchema>;

/**
 * Answer of POST and DELETE /api/stories/{id}/timer: the story (with `timerEndsAt`), the
 * deadline (ISO 8601, null once stopped) and the server's clock when answering (ISO 8601).
 */
export interface RoundTimerView {
  storyId: string;
  endsAt: string | null;
  serverNow: string;
  story: StoryView;
}

/**
 * Milliseconds left until `endsAt`, never below 0.
 * @param endsAt the deadline (ISO 8601)
 * @param serverNowMs the server's clock now, in ms since the epoch (the client's clock plus its offset)
 */
export function timerRemainingMs(endsAt: string, serverNowMs: number): number {
  return Math.max(0, Date.parse(endsAt) - serverNowMs);
}

/**
 * A time left as `mm:ss`, counting whole seconds up (00:01 until the very end, 00:00 only at
 * zero), as a countdown reads.
 */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}
