import type { StoryView, VoteView } from "@pointwise/core/presented";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { filterStories } from "../components/session/storyFilter";
import { apiRequest } from "./apiRequest";
import { replaceStoryVotes, upsertStories } from "./liveSessionCache";
import { queryKeys } from "./queryKeys";
import {
  cachedStories,
  QUEUE_PAGE,
  type QueueIndex,
  readQueue,
  readStoryVotes,
  readStoryWindow,
  votesLoaded,
} from "./storyQueueCache";

/** Subscribes to a cache entry that only pushes and reads fill (never fetched by its key). */
function useCacheEntry<T>(queryKey: readonly unknown[], read: () => T): T {
  const { data } = useQuery<T>({
    queryKey,
    queryFn: read,
    initialData: read,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? read();
}

/** The stories of a session this tab has read (a window of a big queue), in queue order. */
export function useCachedStories(sessionId: string): StoryView[] {
  const queryClient = useQueryClient();
  return useCacheEntry(queryKeys.stories(sessionId), () => cachedStories(queryClient, sessionId));
}

/** The votes this tab holds (of the stories whose votes were read), secrecy applied by the server. */
export function useCachedVotes(sessionId: string): VoteView[] {
  const queryClient = useQueryClient();
  return useCacheEntry(
    queryKeys.votes(sessionId),
    () => queryClient.getQueryData<VoteView[]>(queryKeys.votes(sessionId)) ?? [],
  );
}

/** The queue's index for search text `q` ("" for the whole queue). */
export function useQueueIndex(sessionId: string, q = ""): QueueIndex {
  const queryClient = useQueryClient();
  return useCacheEntry(queryKeys.queueIndex(sessionId, q), () => readQueue(queryClient, sessionId, q));
}

/** The rows of the Story Queue (or of its search) as a list shows them. */
export interface QueueRows {
  /** Rows in the queue (or matching the search). */
  count: number;
  /** The story at `index`, or undefined while its page is being read. */
  rowAt(index: number): StoryView | undefined;
  /** Index of a story among the rows, -1 when unknown. */
  indexOf(storyId: string): number;
  /** True when every story is cached (the queue is worked out locally). */
  complete: boolean;
}

/** The rows of a list of stories held in full (the whole queue cached, or a test's list). */
export function rowsOfList(list: readonly StoryView[]): QueueRows {
  const at = new Map(list.map((s, i) => [s.id, i]));
  return { count: list.length, rowAt: (i) => list[i], indexOf: (id) => at.get(id) ?? -1, complete: true };
}

/**
 * The Story Queue's rows for search text `query` while rows [start, end) are in view (issue #22
 * section 3): with the whole queue cached, the cached stories (filtered locally); otherwise the
 * index of storyQueueCache, whose missing rows in view are read a page at a time, the search
 * answered by the server.
 */
export function useQueueRows(sessionId: string, query: string, start: number, end: number): QueueRows {
  const queryClient = useQueryClient();
  const q = query.trim();
  const stories = useCachedStories(sessionId);
  const whole = useQueueIndex(sessionId, "");
  const index = useQueueIndex(sessionId, q);
  const complete = !whole.unknown && stories.length >= whole.total;

  const rows = useMemo<QueueRows>(() => {
    if (complete) return rowsOfList(filterStories(stories, q));
    const byId = new Map(stories.map((s) => [s.id, s]));
    const at = new Map(index.ids.flatMap((id, i) => (id ? [[id, i] as const] : [])));
    return {
      count: index.total,
      rowAt: (i) => {
        const id = index.ids[i];
        return id === undefined ? undefined : byId.get(id);
      },
      indexOf: (id) => at.get(id) ?? -1,
      complete,
    };
  }, [complete, stories, q, index]);

  // Read the first missing row in view, a page at a time (a search starts from its first page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page placed in the index (`index`) may leave the next one to read.
  useEffect(() => {
    if (complete || whole.unknown) return;
    const known = readQueue(queryClient, sessionId, q);
    let first = -1;
    if (known.unknown) first = 0;
    else {
      const last = Math.min(end, known.total);
      for (let i = Math.max(0, start); i < last; i++) {
        if (known.ids[i] === undefined) {
          first = i;
          break;
        }
      }
    }
    if (first < 0) return;
    void readStoryWindow(
      queryClient,
      sessionId,
      { offset: first, q, limit: Math.max(QUEUE_PAGE, end - first) },
      (read) => upsertStories(queryClient, sessionId, read),
    ).catch((error: unknown) => console.warn("Could not read the story queue", error));
  }, [complete, whole.unknown, queryClient, sessionId, q, start, end, index]);

  return rows;
}

/**
 * Makes sure story `storyId` is in the cache (the group moved to a story outside the window
 * this tab holds): reads the window around it. Nothing happens while `wait` (the live snapshot
 * is on its way and will bring it) or when it is cached.
 */
export function useEnsureStory(sessionId: string, storyId: string | null, cached: boolean, wait: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!storyId || cached || wait) return;
    void readStoryWindow(queryClient, sessionId, { around: storyId }, (read) =>
      upsertStories(queryClient, sessionId, read),
    ).catch((error: unknown) => console.warn("Could not read the story", error));
  }, [queryClient, sessionId, storyId, cached, wait]);
}

/**
 * Makes sure the votes of story `storyId` are in the cache (a story chosen outside the
 * snapshot's window): reads them once. Nothing happens while `wait`.
 */
export function useEnsureVotes(sessionId: string, storyId: string | null, wait: boolean): void {
  const queryClient = useQueryClient();
  const loaded = useCacheEntry(queryKeys.votesLoaded(sessionId), () => votesLoaded(queryClient, sessionId));
  const has = storyId !== null && loaded.has(storyId);
  useEffect(() => {
    if (!storyId || has || wait) return;
    void readStoryVotes(queryClient, sessionId, storyId, (votes) =>
      replaceStoryVotes(queryClient, sessionId, storyId, votes),
    ).catch((error: unknown) => console.warn("Could not read the votes", error));
  }, [queryClient, sessionId, storyId, has, wait]);
}

/** Every story and vote of a session (the results view). */
export interface SessionResultsData {
  stories: StoryView[];
  votes: VoteView[];
}

/**
 * The stories and votes the results view needs: the cached ones when the cache holds the whole
 * queue (kept live by pushes), else every story and vote read once over REST (GET
 * /api/sessions/{id}/stories and /votes) while the view is open (issue #22 section 3: a big
 * backlog's results are read when asked for, not at every open). Null while reading.
 */
export function useSessionResultsData(
  sessionId: string,
  cached: SessionResultsData,
  complete: boolean,
): SessionResultsData | null {
  const { data } = useQuery<SessionResultsData>({
    queryKey: queryKeys.sessionResultsData(sessionId),
    enabled: !complete,
    staleTime: 0,
    queryFn: async () => {
      const [stories, votes] = await Promise.all([
        apiRequest<StoryView[]>("GET", `/api/sessions/${sessionId}/stories`),
        apiRequest<VoteView[]>("GET", `/api/sessions/${sessionId}/votes`),
      ]);
      return { stories, votes };
    },
  });
  if (complete) return cached;
  return data ?? null;
}
