import type { RoundTimerView } from "@pointwise/core/roundTimer";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";
import { upsertStories } from "./liveSessionCache";
import { noteRoundTrip } from "./serverClock";

/** POST /api/stories/{id}/timer {seconds} (leader; 30-600 s): starts the round timer (issue #8 section 2). */
export function useStartTimer(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ storyId, seconds }: { storyId: string; seconds: number }) => {
      const sentAt = Date.now();
      const answer = await apiRequest<RoundTimerView>("POST", `/api/stories/${storyId}/timer`, { body: { seconds } });
      noteRoundTrip(sentAt, answer.serverNow);
      return answer;
    },
    onSuccess: (answer) => upsertStories(queryClient, sessionId, [answer.story]),
  });
}

/** DELETE /api/stories/{id}/timer (leader): stops the round timer. */
export function useStopTimer(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string) => apiRequest<RoundTimerView>("DELETE", `/api/stories/${storyId}/timer`),
    onSuccess: (answer) => upsertStories(queryClient, sessionId, [answer.story]),
  });
}
