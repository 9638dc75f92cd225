import type {
  ApproveSuggestionResult,
  CriteriaSuggestionView,
  SuggestCriterionResult,
} from "@pointwise/core/criteriaSuggestions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";
import { upsertStories } from "./liveSessionCache";
import { suggestionsKey, upsertSuggestion } from "./suggestionCache";

/** GET /api/stories/{id}/suggestions: the story's pending suggestions, oldest first; kept live by pushes. */
export function useSuggestions(storyId: string) {
  return useQuery<CriteriaSuggestionView[]>({ queryKey: suggestionsKey(storyId) });
}

/**
 * POST /api/stories/{id}/suggestions {content}: the leader's criterion is added directly
 * (`added_directly`), anyone else's waits for approval (spec part 2 section 7).
 */
export function useSuggestCriterion(sessionId: string, storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest<SuggestCriterionResult>("POST", `/api/stories/${storyId}/suggestions`, { body: { content } }),
    onSuccess: (result) => {
      if (result.type === "added_directly") upsertStories(queryClient, sessionId, [result.story]);
      else upsertSuggestion(queryClient, result.suggestion);
    },
  });
}

/** POST /api/suggestions/{id}/approve (leader): the criterion joins the story. */
export function useApproveSuggestion(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suggestionId: string) =>
      apiRequest<ApproveSuggestionResult>("POST", `/api/suggestions/${suggestionId}/approve`),
    onSuccess: ({ suggestion, story }) => {
      upsertSuggestion(queryClient, suggestion);
      upsertStories(queryClient, sessionId, [story]);
    },
  });
}

/** DELETE /api/suggestions/{id} (leader): the suggestion is rejected. */
export function useRejectSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suggestionId: string) =>
      apiRequest<{ message: string; suggestion: CriteriaSuggestionView }>("DELETE", `/api/suggestions/${suggestionId}`),
    onSuccess: ({ suggestion }) => upsertSuggestion(queryClient, suggestion),
  });
}

/**
 * POST /api/stories/{id}/generate-criteria (leader; issue #9 section 2): PointBot's criteria as
 * pending suggestions. Answers `{suggestions}` (also pushed one by one).
 */
export function useGenerateCriteria(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const body = await apiRequest<{ suggestions: CriteriaSuggestionView[] }>(
        "POST",
        `/api/stories/${storyId}/generate-criteria`,
      );
      return body.suggestions;
    },
    onSuccess: (suggestions) => {
      for (const suggestion of suggestions) upsertSuggestion(queryClient, suggestion);
    },
  });
}
