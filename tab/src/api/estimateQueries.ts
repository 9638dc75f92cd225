import type { EstimateSuggestionView } from "@pointwise/core/estimates/suggestionView";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";

/**
 * Cache key of a story's history suggestion; `phase` ("peek", "revealed" or "completed") only
 * separates cache entries: the suggestion is read afresh when the story reaches a new phase.
 */
export const estimateSuggestionKey = (storyId: string, phase: string) =>
  ["/api/stories", storyId, "estimate-suggestion", phase] as const;

/**
 * GET /api/stories/{id}/estimate-suggestion (issue #9 section 3): PointBot's points, range and
 * similar stories from the team's history. Enable it only for the leader (peek) or after the
 * reveal: before that the server answers voters 403 SUGGESTION_HIDDEN (anchoring rule).
 */
export function useEstimateSuggestion(storyId: string, phase: string, enabled: boolean) {
  return useQuery<EstimateSuggestionView>({
    queryKey: estimateSuggestionKey(storyId, phase),
    queryFn: () => apiRequest<EstimateSuggestionView>("GET", `/api/stories/${storyId}/estimate-suggestion`),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
