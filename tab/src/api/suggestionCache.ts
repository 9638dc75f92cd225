import type { CriteriaSuggestionView } from "@pointwise/core/criteriaSuggestions";
import type { ServerMessage } from "@pointwise/core/realtime";
import type { QueryClient } from "@tanstack/react-query";

/**
 * The react-query key of a story's pending suggestions: GET /api/stories/{id}/suggestions
 * (spec part 2 section 7; the key's parts joined by "/" are the path).
 */
export const suggestionsKey = (storyId: string) => ["/api/stories", storyId, "suggestions"] as const;

/** Adds a pending suggestion to its story's cached list (once, oldest first); a decided one leaves it. */
export function upsertSuggestion(queryClient: QueryClient, suggestion: CriteriaSuggestionView): void {
  queryClient.setQueryData<CriteriaSuggestionView[]>(suggestionsKey(suggestion.storyId), (old) => {
    if (old === undefined) return old;
    const others = old.filter((s) => s.id !== suggestion.id);
    if (suggestion.status !== "pending") return others;
    // Already listed (our own answer came first): keep it, with the e-mail pushes never carry (issue #7).
    if (old.some((s) => s.id === suggestion.id)) return old;
    return [...others, suggestion].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  });
}

/**
 * Applies a `criteria_suggestion_*` push (spec part 2 section 4; issue #9 section 2) to the
 * story's cached suggestions; the approved push's story is applied by the caller.
 */
export function applySuggestionMessage(
  queryClient: QueryClient,
  message: Extract<
    ServerMessage,
    { type: "criteria_suggestion_added" | "criteria_suggestion_approved" | "criteria_suggestion_rejected" }
  >,
): void {
  upsertSuggestion(queryClient, message.suggestion);
}

/** Refetches every cached suggestion list (after a snapshot: pushes may have been missed meanwhile). */
export function refreshSuggestions(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] === "/api/stories" && q.queryKey[2] === "suggestions",
  });
}
