import type { RoundResults } from "@pointwise/core/consensus";
import type { ImportResult, StoryView, VoteView } from "@pointwise/core/presented";
import type { CreateStoryInput, UpdateStoryInput } from "@pointwise/core/storySchemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";
import { placeStory, reorderStories, replaceStoryVotes, upsertStories } from "./liveSessionCache";
import { queryKeys } from "./queryKeys";
import { queueChanged } from "./storyQueueCache";

/** The create-story form's values as sent (spec part 2 section 7). */
export type NewStory = Omit<CreateStoryInput, "sessionId">;

/** POST /api/sessions/{id}/stories (leader). */
export function useCreateStory(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewStory) =>
      apiRequest<StoryView>("POST", `/api/sessions/${sessionId}/stories`, { body: { ...input, sessionId } }),
    // Placed after the current story by the server; its push says where (addStories places it).
    onSuccess: (story) => upsertStories(queryClient, sessionId, [story]),
  });
}

/**
 * POST /api/sessions/{id}/stories/import with the raw CSV text (leader). A 400 carries the
 * row errors in the ApiError body (`errors: [{row, message}]`).
 */
export function useImportStories(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest<ImportResult>("POST", `/api/sessions/${sessionId}/stories/import`, {
        text: csv,
        contentType: "text/csv",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.stories(sessionId) }),
  });
}

/**
 * PATCH /api/stories/{id}: status completed (Next Story, with finalPoints), skipped (Skip Story),
 * acceptance criteria or title. Completing or skipping moves the group on; the server pushes
 * active_story_changed, and the session is refetched as a fallback.
 */
export function useUpdateStory(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storyId, ...input }: UpdateStoryInput & { storyId: string }) =>
      apiRequest<StoryView>("PATCH", `/api/stories/${storyId}`, { body: input }),
    onSuccess: async (story, input) => {
      upsertStories(queryClient, sessionId, [story]);
      if (input.status) await queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId), exact: true });
    },
  });
}

/** DELETE /api/stories/{id} (leader). */
export function useDeleteStory(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string) => apiRequest<{ message: string }>("DELETE", `/api/stories/${storyId}`),
    onSuccess: (_body, storyId) => {
      queryClient.setQueryData<StoryView[]>(queryKeys.stories(sessionId), (old) =>
        (old ?? []).filter((s) => s.id !== storyId),
      );
    },
  });
}

/** POST /api/stories/{id}/reveal-votes: reveal (everyone voted) or Force Reveal (leader). */
export function useRevealVotes(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string) =>
      apiRequest<{ story: StoryView; votes: VoteView[]; results: RoundResults }>(
        "POST",
        `/api/stories/${storyId}/reveal-votes`,
      ),
    onSuccess: ({ story, votes }) => {
      upsertStories(queryClient, sessionId, [story]);
      replaceStoryVotes(queryClient, sessionId, story.id, votes);
    },
  });
}

/** POST /api/stories/{id}/new-round (leader): clears the votes, round + 1. */
export function useNewRound(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string) => apiRequest<StoryView>("POST", `/api/stories/${storyId}/new-round`),
    onSuccess: (story) => {
      upsertStories(queryClient, sessionId, [story]);
      replaceStoryVotes(queryClient, sessionId, story.id, []);
    },
  });
}

/**
 * POST /api/stories/{id}/move {afterStoryId} (leader; issue #22 section 2): the story follows
 * `afterStoryId` (null: first). Applied to the cache at once (placeStory); the push confirms it.
 */
export function useMoveStory(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storyId, afterStoryId }: { storyId: string; afterStoryId: string | null }) =>
      apiRequest<StoryView>("POST", `/api/stories/${storyId}/move`, { body: { afterStoryId } }),
    onMutate: ({ storyId, afterStoryId }) => placeStory(queryClient, sessionId, storyId, afterStoryId),
    onError: () => queueChanged(queryClient, sessionId),
  });
}

/**
 * PUT /api/sessions/{id}/story-order (leader; issue #8 section 3): every story id in the new
 * queue order. Applied to the cache at once; the answer (the stories in order) replaces it.
 */
export function useReorderStories(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyIds: string[]) =>
      apiRequest<StoryView[]>("PUT", `/api/sessions/${sessionId}/story-order`, { body: { storyIds } }),
    onMutate: (storyIds) => reorderStories(queryClient, sessionId, storyIds),
    onSuccess: (stories) => queryClient.setQueryData<StoryView[]>(queryKeys.stories(sessionId), stories),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.stories(sessionId) }),
  });
}
