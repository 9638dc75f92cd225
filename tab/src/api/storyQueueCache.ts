import type { SessionView, StoryView, StoryWindowView, VoteView } from "@pointwise/core/presented";
import type { QueryClient } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";
import { queryKeys } from "./queryKeys";

/**
 * A big backlog stays light (issue #22 section 3): the session screen holds the stories it has
 * read (the snapshot's window around the current story, then the pages its queue scrolled to or
 * searched), not the whole queue. This module keeps, per session and search text, which story
 * sits at each index of the queue, reads missing pages from GET
 * /api/sessions/{id}/stories/window, and the votes of stories whose votes were read.
 *
 * When every story of the session is in the cache (any backlog that fits in one window, the
 * usual case), the queue and its search are worked out from the cache itself and nothing is read.
 */

/** The queue as this tab knows it: the story id at each index (undefined: not read yet), and its length. */
export interface QueueIndex {
  total: number;
  ids: (string | undefined)[];
  /** True until something told us the length (a snapshot or a page). */
  unknown?: boolean;
}

/** Stories one page read asks for. */
export const QUEUE_PAGE = 50;

/** The index before anything is known. */
export const EMPTY_QUEUE: QueueIndex = { total: 0, ids: [], unknown: true };

/** The cached stories of a session (those read so far), in queue order. */
export function cachedStories(queryClient: QueryClient, sessionId: string): StoryView[] {
  return queryClient.getQueryData<StoryView[]>(queryKeys.stories(sessionId)) ?? [];
}

/** The cached queue index of a session for search text `q` ("" for the whole queue). */
export function readQueue(queryClient: QueryClient, sessionId: string, q = ""): QueueIndex {
  return queryClient.getQueryData<QueueIndex>(queryKeys.queueIndex(sessionId, q)) ?? EMPTY_QUEUE;
}

function writeQueue(queryClient: QueryClient, sessionId: string, q: string, queue: QueueIndex): void {
  queryClient.setQueryData<QueueIndex>(queryKeys.queueIndex(sessionId, q), queue);
}

/** True when the cache holds every story of the session (the queue is known in full). */
export function queueComplete(queryClient: QueryClient, sessionId: string): boolean {
  const queue = readQueue(queryClient, sessionId);
  return !queue.unknown && cachedStories(queryClient, sessionId).length >= queue.total;
}

/** Writes `storyIds` at `offset` of the queue for `q`, whose length is now `total`. */
function placeIds(
  queryClient: QueryClient,
  sessionId: string,
  q: string,
  offset: number,
  total: number,
  storyIds: string[],
) {
  const before = readQueue(queryClient, sessionId, q);
  const ids = before.unknown || before.total !== total ? [] : [...before.ids];
  ids.length = total;
  for (const [i, id] of storyIds.entries()) if (offset + i < total) ids[offset + i] = id;
  writeQueue(queryClient, sessionId, q, { total, ids });
}

/**
 * Starts the queue afresh from a snapshot's window (`offset`, `total`): the whole-queue index
 * holds the window's ids, and every search is forgotten (read again when shown).
 */
export function seedQueue(
  queryClient: QueryClient,
  sessionId: string,
  offset: number,
  total: number,
  storyIds: string[],
) {
  forgetSearches(queryClient, sessionId);
  writeQueue(queryClient, sessionId, "", { total, ids: [] });
  placeIds(queryClient, sessionId, "", offset, total, storyIds);
}

function forgetSearches(queryClient: QueryClient, sessionId: string) {
  queryClient.removeQueries({
    predicate: (query) => {
      const key = query.queryKey;
      return key[0] === "live" && key[1] === sessionId && key[2] === "queue" && key[3] !== "";
    },
  });
}

/**
 * The queue's order changed (a story added, deleted, imported or moved): the positions read so
 * far are forgotten, and the rows in view are read again; the queue's length is the session's
 * story count (pushed with every such change, so applying a change twice, as our own answer and
 * then its push, is harmless). With the whole queue cached, nothing needs reading: the index is
 * worked out from the cache.
 */
export function queueChanged(queryClient: QueryClient, sessionId: string): void {
  forgetSearches(queryClient, sessionId);
  const before = readQueue(queryClient, sessionId);
  const session = queryClient.getQueryData<SessionView>(queryKeys.session(sessionId));
  if (before.unknown || !session) return;
  writeQueue(queryClient, sessionId, "", { total: session.stats.totalStories, ids: [] });
}

/**
 * Puts story `storyId` right after `afterStoryId` (null: first) in the index of the whole queue,
 * when both are in it (`added`: the story is new, the queue one longer), as the server did (a move,
 * a story added by hand): the rows in view stay where they are, focus included, without a read.
 * @returns false when the index cannot tell (a story or its anchor not read yet): the caller
 *   falls back to queueChanged
 */
export function placeInQueue(
  queryClient: QueryClient,
  sessionId: string,
  storyId: string,
  afterStoryId: string | null,
  added: boolean,
): boolean {
  const queue = readQueue(queryClient, sessionId);
  if (queue.unknown) return false;
  const ids = [...queue.ids];
  ids.length = queue.total;
  const from = ids.indexOf(storyId);
  if (from < 0 !== added) return false;
  let anchor = afterStoryId === null ? -1 : ids.indexOf(afterStoryId);
  if (afterStoryId !== null && anchor < 0) return false;
  if (from >= 0) {
    ids.splice(from, 1);
    if (from < anchor) anchor -= 1;
  }
  ids.splice(anchor + 1, 0, storyId);
  forgetSearches(queryClient, sessionId);
  writeQueue(queryClient, sessionId, "", { total: ids.length, ids });
  return true;
}

/** In-flight page reads, so a row range asked twice is read once. */
const inFlight = new Map<string, Promise<StoryWindowView>>();

/** Which part of the queue to read. */
export interface WindowRequest {
  offset?: number;
  around?: string;
  q?: string;
  limit?: number;
}

function windowPath(sessionId: string, request: WindowRequest): string {
  const params = new URLSearchParams();
  params.set("limit", String(request.limit ?? QUEUE_PAGE));
  if (request.around) params.set("around", request.around);
  else params.set("offset", String(request.offset ?? 0));
  if (request.q) params.set("q", request.q);
  return `/api/sessions/${sessionId}/stories/window?${params.toString()}`;
}

/**
 * Reads a page of the queue (GET /api/sessions/{id}/stories/window) into the cache: the stories
 * join the cached ones, their ids take their places in the index of `q`.
 * @param upsert how stories enter the cache (liveSessionCache upsertStories: keeps newer write-back states)
 */
export function readStoryWindow(
  queryClient: QueryClient,
  sessionId: string,
  request: WindowRequest,
  upsert: (stories: StoryView[]) => void,
): Promise<StoryWindowView> {
  const path = windowPath(sessionId, request);
  const running = inFlight.get(path);
  if (running) return running;
  const read = apiRequest<StoryWindowView>("GET", path)
    .then((page) => {
      upsert(page.stories);
      placeIds(
        queryClient,
        sessionId,
        request.q ?? "",
        page.offset,
        page.total,
        page.stories.map((s) => s.id),
      );
      return page;
    })
    .finally(() => inFlight.delete(path));
  inFlight.set(path, read);
  return read;
}

/** Story ids of a session whose votes the cache holds in full (the snapshot's window, reads, reveals). */
export function votesLoaded(queryClient: QueryClient, sessionId: string): ReadonlySet<string> {
  return queryClient.getQueryData<Set<string>>(queryKeys.votesLoaded(sessionId)) ?? new Set();
}

/** Marks stories whose votes the cache now holds in full; `reset` forgets the others first (a snapshot). */
export function markVotesLoaded(
  queryClient: QueryClient,
  sessionId: string,
  storyIds: Iterable<string>,
  reset = false,
) {
  queryClient.setQueryData<Set<string>>(queryKeys.votesLoaded(sessionId), (old) => {
    const next = new Set(reset ? [] : (old ?? []));
    for (const id of storyIds) next.add(id);
    return next;
  });
}

/**
 * Reads the votes of one story (GET /api/stories/{id}/votes, secrecy applied by the server) when
 * the cache does not hold them yet: a story chosen from the queue outside the snapshot's window.
 * @param replace how they enter the cache (liveSessionCache replaceStoryVotes)
 */
export function readStoryVotes(
  queryClient: QueryClient,
  sessionId: string,
  storyId: string,
  replace: (votes: VoteView[]) => void,
): Promise<void> {
  const running = votesInFlight.get(storyId);
  if (running) return running;
  const read = apiRequest<VoteView[]>("GET", `/api/stories/${storyId}/votes`)
    .then((votes) => {
      replace(votes);
      markVotesLoaded(queryClient, sessionId, [storyId]);
    })
    .finally(() => votesInFlight.delete(storyId));
  votesInFlight.set(storyId, read);
  return read;
}

/** Vote reads in flight, by story id. */
const votesInFlight = new Map<string, Promise<void>>();
