import { useQuery } from "@tanstack/react-query";
import { isApiError } from "./ApiError";
import { apiRequest } from "./apiRequest";
import { queryKeys } from "./queryKeys";

/** An Adaptive Card payload (schema 1.5) as JSON; only `type: "AdaptiveCard"` is checked. */
export type AdaptiveCardJson = { type: "AdaptiveCard" } & Record<string, unknown>;

/**
 * GET /api/sessions/{id}/card: the bot's voting card for the session's active story (`{card}`,
 * or the bare card). Null when
 * the server has no card for it (404: no active story, or a server without the endpoint), so
 * the caller can show a local sample instead. `storyKey` (story id and round) refetches the
 * card when the story or round changes.
 */
export function useVotingCard(sessionId: string, storyKey: string) {
  return useQuery<AdaptiveCardJson | null>({
    queryKey: queryKeys.votingCard(sessionId, storyKey),
    queryFn: async () => {
      try {
        const body = await apiRequest<Record<string, unknown> | null>("GET", `/api/sessions/${sessionId}/card`);
        const card = (body && "card" in body ? body.card : body) as Partial<AdaptiveCardJson> | null | undefined;
        return card?.type === "AdaptiveCard" ? (card as AdaptiveCardJson) : null;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}
