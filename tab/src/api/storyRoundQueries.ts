import type { StoryRoundView } from "@pointwise/core/presented";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";
import { queryKeys } from "./queryKeys";

/**
 * GET /api/stories/{id}/rounds: the story's finished rounds (issue #8 section 3). Keyed by the
 * story's current round, so a New Round (pushed as round_started) fetches the history again.
 */
export function useStoryRounds(storyId: string, round: number, enabled = true) {
  return useQuery<StoryRoundView[]>({
    queryKey: queryKeys.storyRounds(storyId, round),
    queryFn: () => apiRequest<StoryRoundView[]>("GET", `/api/stories/${storyId}/rounds`),
    enabled: enabled && round > 1,
  });
}
