import type { VoteView } from "@pointwise/core/presented";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";
import { applyVote } from "./liveSessionCache";

/**
 * A vote to cast: `points` null is the `?` card (retracts the caller's vote); `"coffee"` the
 * coffee card, a break request (issue #8 section 4).
 */
export interface VoteInput {
  storyId: string;
  points: number | null | "coffee";
}

/**
 * POST /api/votes {storyId, points}. Errors: 400 VALIDATION_ERROR (not in the deck), 409
 * VOTING_CLOSED (after reveal). `voterKey` is the caller's, used to drop a retracted vote.
 */
export function useCastVote(sessionId: string, voterKey: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VoteInput) =>
      apiRequest<{ vote: VoteView | null; votedCount: number }>("POST", "/api/votes", { body: input }),
    onSuccess: ({ vote }, input) => {
      const key = vote?.voterKey ?? voterKey;
      if (key)
        applyVote(
          queryClient,
          sessionId,
          input.storyId,
          key,
          vote
            ? { ...vote, points: vote.points ?? (typeof input.points === "number" ? input.points : undefined) }
            : null,
        );
    },
  });
}
