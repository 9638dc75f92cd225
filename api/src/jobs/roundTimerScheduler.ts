import type { FastifyBaseLogger } from "fastify";
import { autoRevealExpiredTimer, autoRevealExpiredTimers } from "../commands/autoRevealer";
import type { AppContext } from "../context";

/**
 * Interval of the expired-timer sweep (milliseconds). A timer started on this instance is
 * revealed by its own timeout at the deadline; the sweep covers timers started on another
 * instance that died, and deadlines passed while no instance ran (at most this late).
 */
export const TIMER_SWEEP_MS = 5000;

/**
 * Ends round timers on the server (issue #8 section 2: "at zero the votes are revealed if
 * auto-reveal is on"). Per instance: a `timer_started` this instance publishes schedules a
 * timeout at its deadline (a restart or `timer_stopped` cancels it); a sweep at start-up and
 * every TIMER_SWEEP_MS reveals whatever deadline has passed. Revealing is idempotent, so
 * instances racing for the same story reveal it once. Sessions without auto-reveal are left
 * alone: their clients show "Time's up". A job, not realtime/: it calls the reveal command
 * (issue #24 section 2), listening to what the hub publishes.
 * @returns `stop()`, which cancels the timeouts and the sweep
 */
export function startRoundTimerScheduler(ctx: AppContext, log: FastifyBaseLogger): { stop(): void } {
  const timeouts = new Map<string, NodeJS.Timeout>();
  let stopped = false;
  const cancel = (storyId: string) => {
    clearTimeout(timeouts.get(storyId));
    timeouts.delete(storyId);
  };

  ctx.hub.onPublish((sessionId, message) => {
    if (stopped) return;
    if (message.type === "timer_started") {
      cancel(message.storyId);
      const deadline = Date.parse(message.endsAt);
      const timeout = setTimeout(
        () => {
          timeouts.delete(message.storyId);
          // Judged at the deadline waited for: a timeout may fire a millisecond early.
          const at = new Date(Math.max(Date.now(), deadline));
          autoRevealExpiredTimer(ctx, sessionId, message.storyId, at).catch((err: unknown) =>
            log.warn({ err }, "round timer reveal failed; the sweep tries again"),
          );
        },
        Math.max(0, deadline - Date.now()),
      );
      timeout.unref();
      timeouts.set(message.storyId, timeout);
    } else if (message.type === "timer_stopped") {
      cancel(message.storyId);
    }
  });

  let sweeping = false;
  const sweep = () => {
    if (stopped || sweeping) return;
    sweeping = true;
    autoRevealExpiredTimers(ctx, new Date())
      .catch((err: unknown) => log.debug({ err }, "round timer sweep failed; the next one tries again"))
      .finally(() => {
        sweeping = false;
      });
  };
  const sweeper = setInterval(sweep, TIMER_SWEEP_MS);
  sweeper.unref();
  sweep();

  return {
    stop() {
      stopped = true;
      clearInterval(sweeper);
      for (const timeout of timeouts.values()) clearTimeout(timeout);
      timeouts.clear();
    },
  };
}
