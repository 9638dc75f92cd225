import type { StoryView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "./queryKeys";
import { noteServerTime } from "./serverClock";

/** The round timer pushes (issue #8 section 2). */
export type TimerMessage = Extract<ServerMessage, { type: "timer_started" | "timer_stopped" }>;

/** Sets one cached story's `timerEndsAt` (ISO 8601 deadline, or null once stopped). */
export function setStoryTimer(queryClient: QueryClient, sessionId: string, storyId: string, endsAt: string | null) {
  queryClient.setQueryData<StoryView[]>(queryKeys.stories(sessionId), (old) =>
    old?.map((s) => (s.id === storyId ? { ...s, timerEndsAt: endsAt } : s)),
  );
}

/**
 * Writes `timer_started` (deadline, and `serverNow` as a clock sample taken at receipt) or
 * `timer_stopped` into the cached story.
 */
export function applyTimerMessage(queryClient: QueryClient, sessionId: string, message: TimerMessage): void {
  if (message.type === "timer_started") {
    noteServerTime(message.serverNow);
    setStoryTimer(queryClient, sessionId, message.storyId, message.endsAt);
  } else {
    setStoryTimer(queryClient, sessionId, message.storyId, null);
  }
}
