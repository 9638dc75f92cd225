import type { StoryView, VoteView } from "@pointwise/core/presented";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "./ApiError";
import { apiRequest } from "./apiRequest";
import { applyVote, type PendingVote, readLive, setPendingVote } from "./liveSessionCache";
import { queryKeys } from "./queryKeys";

/**
 * A vote to cast: `points` null is the `?` card (retracts the caller's vote); `"coffee"` the
 * coffee card, a break request (issue #8 section 4).
 */
export interface VoteInput {
  storyId: string;
  points: number | null | "coffee";
}

/** What a cast answers: `pending` when it was queued until the connection is back (issue #8 section 5). */
export type CastVoteOutcome = { pending: false; vote: VoteView | null; votedCount: number } | { pending: true };

/**
 * True when a vote cannot go out now: the browser says it is offline, or the live socket is
 * down (`reconnecting`). Such a vote is queued as pending (issue #8 section 5).
 */
export function isConnectionDown(queryClient: ReturnType<typeof useQueryClient>, sessionId: string): boolean {
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  return offline || readLive(queryClient, sessionId).connection === "reconnecting";
}

/**
 * POST /api/votes {storyId, points}. Errors: 400 VALIDATION_ERROR (not in the deck), 409
 * VOTING_CLOSED (after reveal), 409 STORY_NOT_ACTIVE. `voterKey` is the caller's, used to drop
 * a retracted vote. While the connection is down, or when the call fails for lack of network,
 * the vote is kept as the session's pending vote (sent after the next snapshot by
 * usePendingVoteSender) and the mutation resolves `{pending: true}`.
 */
export function useCastVote(sessionId: string, voterKey: string | null) {
  const queryClient = useQueryClient();
  const queue = (input: VoteInput): CastVoteOutcome => {
    const story = queryClient
      .getQueryData<StoryView[]>(queryKeys.stories(sessionId))
      ?.find((s) => s.id === input.storyId);
    const pending: PendingVote = { storyId: input.storyId, points: input.points, round: story?.round ?? 1 };
    setPendingVote(queryClient, sessionId, pending);
    return { pending: true };
  };
  return useMutation({
    // Run even when the browser says it is offline: the vote is then queued here, not paused by react-query.
    networkMode: "always",
    mutationFn: async (input: VoteInput): Promise<CastVoteOutcome> => {
      if (isConnectionDown(queryClient, sessionId)) return queue(input);
      try {
        const result = await apiRequest<{ vote: VoteView | null; votedCount: number }>("POST", "/api/votes", {
          body: input,
        });
        return { pending: false, ...result };
      } catch (error) {
        if (isApiError(error, "NETWORK_ERROR")) return queue(input);
        throw error;
      }
    },
    onSuccess: (outcome, input) => {
      if (outcome.pending) return;
      // A vote that went out replaces any older one still waiting.
      if (readLive(queryClient, sessionId).pendingVote) setPendingVote(queryClient, sessionId, null);
      const { vote } = outcome;
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
