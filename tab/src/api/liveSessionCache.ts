import type {
  ParticipantView,
  SessionInvitationView,
  SessionView,
  StoryStats,
  StoryView,
  VoteView,
} from "@pointwise/core/presented";
import type { Presence, ServerMessage } from "@pointwise/core/realtime";
import { sessionStatusOf, sessionStatusOfStories } from "@pointwise/core/sessionStatus";
import type { QueryClient } from "@tanstack/react-query";
import { insightKeys } from "./insightQueries";
import { queryKeys } from "./queryKeys";
import { applyTimerMessage } from "./roundTimerCache";
import { noteServerTime } from "./serverClock";
import {
  cachedStories,
  markVotesLoaded,
  placeInQueue,
  queueChanged,
  queueComplete,
  seedQueue,
} from "./storyQueueCache";
import { applySuggestionMessage, refreshSuggestions } from "./suggestionCache";

/**
 * Where the live connection stands (issue #8 section 5): `connecting` until the first snapshot,
 * `online` once a snapshot was applied on the open socket, `reconnecting` from the moment a
 * drop is noticed (close, missed heartbeat, browser offline) until the next snapshot.
 */
export type LiveConnection = "connecting" | "online" | "reconnecting";

/**
 * A vote made while the connection was down (issue #8 section 5), sent once the next snapshot
 * is applied; `round` is the story's round when it was made (a new round means the old one was
 * revealed meanwhile).
 */
export interface PendingVote {
  storyId: string;
  points: number | null | "coffee";
  round: number;
}

/** Session state that only the WebSocket knows: connection, presence and who "you" are. */
export interface LiveState {
  /** True while `connection` is `online`. */
  connected: boolean;
  connection: LiveConnection;
  /** Last known presence; while not `online` it is stale and the screen shows it as unknown. */
  presence: Presence | null;
  you: { voterKey: string; isLeader: boolean } | null;
  deleted: boolean;
  /** The session was archived while this screen was open (push or rejoin snapshot; issue #8 section 5). */
  archived: boolean;
  /** Date.now() when a snapshot ended a `reconnecting` spell ("Back online"); null before. */
  backOnlineAt: number | null;
  /** Counts applied snapshots (a pending vote is sent after one). */
  snapshots: number;
  pendingVote: PendingVote | null;
  /** The leader removed you from this session (`participant_removed` for your voterKey; issue #8 section 1). */
  removed?: boolean;
  /**
   * The group's current story as the server last said (snapshot, `participants_update`): the
   * active story, else the first open one, which a cache holding part of a big queue cannot tell.
   */
  currentStoryId?: string | null;
  /**
   * The room's head counts as the server last said (snapshot, `participants_update`; issue #24
   * section 3): in a room bigger than SNAPSHOT_PARTICIPANT_WINDOW the cached participants are
   * only the first ones, and these tell the whole. Absent before a snapshot of a current server.
   */
  participantCounts?: { total: number; present: number };
  /**
   * The round's "n of m" as the server last said (snapshot, `participants_update`, `vote_update`):
   * `storyId`'s votes of expected voters, and the expected voters. A big room's screen shows
   * these, since it holds only some of the people (issue #24 section 3).
   */
  round?: { storyId: string | null; votedCount: number; expectedVoters: number };
}

/** The window event a `reaction` push becomes (detail: the push), for the session screen to float it. */
export const REACTION_EVENT = "pointwise-reaction";

/** The live state before any snapshot arrived. */
export const INITIAL_LIVE_STATE: LiveState = {
  connected: false,
  connection: "connecting",
  presence: null,
  you: null,
  deleted: false,
  archived: false,
  backOnlineAt: null,
  snapshots: 0,
  pendingVote: null,
};

/**
 * Inserts or replaces participants by id (role, `present`...). Pushes never carry e-mail
 * (issue #7): the one the leader's snapshot gave is kept.
 */
export function upsertParticipants(queryClient: QueryClient, sessionId: string, participants: ParticipantView[]) {
  queryClient.setQueryData<ParticipantView[]>(queryKeys.participants(sessionId), (old) => {
    const map = new Map((old ?? []).map((p) => [p.id, p]));
    for (const p of participants) {
      const before = map.get(p.id);
      map.set(p.id, before?.user && p.user ? { ...p, user: { ...before.user, ...p.user } } : p);
    }
    return [...map.values()];
  });
}

/** Drops a removed participant from the cached list (issue #8 section 1). */
export function dropParticipant(queryClient: QueryClient, sessionId: string, participantId: string): void {
  queryClient.setQueryData<ParticipantView[]>(queryKeys.participants(sessionId), (old) =>
    (old ?? []).filter((p) => p.id !== participantId),
  );
}

function byPosition(a: StoryView, b: StoryView): number {
  return a.position - b.position || a.createdAt.localeCompare(b.createdAt);
}

/**
 * `incoming`, keeping the cached story's Jira write-back state when it is newer: the write-back
 * runs after the round's commit and pushes its state, so the leader's own PATCH answer (read
 * before it) may arrive after the push and must not undo it (issue #12 section 3). A changed
 * ticket number is taken as it comes (the server clears the state with the ticket).
 */
function withNewestJiraSync(cached: StoryView | undefined, incoming: StoryView): StoryView {
  const kept = cached?.jiraSync;
  // A changed or removed ticket clears the write-back state on the server: take it as it comes.
  if (!kept || cached.ticketNumber !== incoming.ticketNumber) return incoming;
  const next = incoming.jiraSync;
  return !next || next.at < kept.at ? { ...incoming, jiraSync: kept } : incoming;
}

/** Inserts or replaces stories in the session's cached list, kept in position order. */
export function upsertStories(queryClient: QueryClient, sessionId: string, stories: StoryView[]): void {
  queryClient.setQueryData<StoryView[]>(queryKeys.stories(sessionId), (old) => {
    const map = new Map((old ?? []).map((s) => [s.id, s]));
    for (const story of stories) map.set(story.id, withNewestJiraSync(map.get(story.id), story));
    return [...map.values()].sort(byPosition);
  });
}

/**
 * Applies a queue order (the `stories_reordered` push, or the leader's own drag before the
 * server answers): each listed story takes its index as `position`; unlisted ones keep theirs.
 */
export function reorderStories(queryClient: QueryClient, sessionId: string, storyIds: readonly string[]): void {
  const index = new Map(storyIds.map((id, i) => [id, i]));
  queryClient.setQueryData<StoryView[]>(queryKeys.stories(sessionId), (old) =>
    (old ?? []).map((s) => ({ ...s, position: index.get(s.id) ?? s.position })).sort(byPosition),
  );
  queueChanged(queryClient, sessionId);
}

/**
 * Stories added to the queue (created, imported; an import pushes only its first
 * IMPORT_PUSH_STORIES): into the cache, and the queue's index follows (storyQueueCache). A story
 * added by hand after another (`afterStoryId`) is put there, the queue numbered as the server did.
 */
export function addStories(
  queryClient: QueryClient,
  sessionId: string,
  stories: StoryView[],
  afterStoryId?: string | null,
): void {
  const known = new Set(cachedStories(queryClient, sessionId).map((s) => s.id));
  upsertStories(queryClient, sessionId, stories);
  const [only] = stories;
  if (afterStoryId !== undefined && only && stories.length === 1) {
    placeStory(queryClient, sessionId, only.id, afterStoryId, !known.has(only.id));
  } else queueChanged(queryClient, sessionId);
}

/**
 * Puts a cached story right after another (null: first), as POST /api/stories/{id}/move and a
 * story added by hand do on the server, which then numbers every position 0, 1, 2 ... With the
 * whole queue cached the same is done here; otherwise the queue's index is read again for the
 * rows in view (a partial cache cannot renumber; the pages read bring fresh positions).
 */
export function placeStory(
  queryClient: QueryClient,
  sessionId: string,
  storyId: string,
  afterStoryId: string | null,
  added = false,
) {
  const list = cachedStories(queryClient, sessionId);
  const moved = list.find((s) => s.id === storyId);
  const complete = queueComplete(queryClient, sessionId);
  if (complete && moved && (afterStoryId === null || list.some((s) => s.id === afterStoryId))) {
    const rest = list.filter((s) => s.id !== storyId);
    const at = afterStoryId === null ? 0 : rest.findIndex((s) => s.id === afterStoryId) + 1;
    rest.splice(at, 0, moved);
    queryClient.setQueryData<StoryView[]>(
      queryKeys.stories(sessionId),
      rest.map((s, position) => (s.position === position ? s : { ...s, position })),
    );
    queueChanged(queryClient, sessionId);
    return;
  }
  if (!placeInQueue(queryClient, sessionId, storyId, afterStoryId, added)) queueChanged(queryClient, sessionId);
}

/** A story left the queue (deleted): out of the cache, its votes too, and the queue's index follows. */
export function removeStory(queryClient: QueryClient, sessionId: string, storyId: string): void {
  queryClient.setQueryData<StoryView[]>(queryKeys.stories(sessionId), (old) =>
    (old ?? []).filter((s) => s.id !== storyId),
  );
  replaceStoryVotes(queryClient, sessionId, storyId, []);
  queueChanged(queryClient, sessionId);
}

/** Writes a push's story counts into the cached session (Session Stats, the Results toggle, the status). */
export function applyStoryStats(queryClient: QueryClient, sessionId: string, storyStats: StoryStats | undefined) {
  if (!storyStats) return;
  queryClient.setQueryData<SessionView>(queryKeys.session(sessionId), (old) =>
    old ? { ...old, stats: { ...old.stats, ...storyStats } } : old,
  );
}

/** Replaces every cached vote of `storyId` with `votes` (reveal, new round). */
export function replaceStoryVotes(queryClient: QueryClient, sessionId: string, storyId: string, votes: VoteView[]) {
  queryClient.setQueryData<VoteView[]>(queryKeys.votes(sessionId), (old) => [
    ...(old ?? []).filter((v) => v.storyId !== storyId),
    ...votes,
  ]);
}

/**
 * Applies one vote delta: null removes `voterKey`'s vote; otherwise inserts or replaces it,
 * keeping points already known (our own vote) when the delta hides them.
 */
export function applyVote(
  queryClient: QueryClient,
  sessionId: string,
  storyId: string,
  voterKey: string,
  vote: VoteView | null,
): void {
  queryClient.setQueryData<VoteView[]>(queryKeys.votes(sessionId), (old) => {
    const others = (old ?? []).filter((v) => !(v.storyId === storyId && v.voterKey === voterKey));
    if (vote === null) return others;
    const previous = (old ?? []).find((v) => v.storyId === storyId && v.voterKey === voterKey);
    const points = vote.points ?? previous?.points;
    return [...others, points === undefined ? vote : { ...vote, points }];
  });
}

function setLive(queryClient: QueryClient, sessionId: string, patch: Partial<LiveState>): void {
  queryClient.setQueryData<LiveState>(queryKeys.live(sessionId), (old) => ({
    ...(old ?? INITIAL_LIVE_STATE),
    ...patch,
  }));
}

/** The live state of a session as cached (INITIAL_LIVE_STATE before any). */
export function readLive(queryClient: QueryClient, sessionId: string): LiveState {
  return { ...INITIAL_LIVE_STATE, ...queryClient.getQueryData<LiveState>(queryKeys.live(sessionId)) };
}

/**
 * Records a drop (`reconnecting`: the Live badge and presence stop claiming live) or a first
 * connect. `online` is set only by a snapshot (applyServerMessage).
 */
export function setLiveConnection(
  queryClient: QueryClient,
  sessionId: string,
  connection: Exclude<LiveConnection, "online">,
): void {
  const before = readLive(queryClient, sessionId);
  // Before the first snapshot there was nothing live to lose: stay `connecting`.
  const next = connection === "reconnecting" && before.snapshots === 0 ? "connecting" : connection;
  setLive(queryClient, sessionId, { connection: next, connected: false });
}

/** Queues (or, with null, clears) the vote to send when the connection is back. */
export function setPendingVote(queryClient: QueryClient, sessionId: string, pendingVote: PendingVote | null): void {
  setLive(queryClient, sessionId, { pendingVote });
}

/** Pushes after which a session's status (stories, leader presence) may have changed. */
const STATUS_CHANGING: ReadonlySet<ServerMessage["type"]> = new Set([
  "session_snapshot",
  "session_updated",
  "participants_update",
  "story_update",
  "stories_imported",
  "story_updated",
  "story_status_change",
  "round_started",
  "criteria_suggestion_approved",
]);

/**
 * Keeps the session's status the same everywhere this tab shows it (issue #8 section 5: the
 * sidebar's status is the same for every viewer): recomputes it with core's sessionStatusOf
 * from the live stories and the leader's presence, and writes it into the session and into the
 * cached session lists (sidebar, dashboard, team pages). Those lists were fetched once, at
 * different moments by different viewers; without this each kept the status of its own fetch.
 */
export function syncSessionStatus(queryClient: QueryClient, sessionId: string): void {
  const live = readLive(queryClient, sessionId);
  const session = queryClient.getQueryData<SessionView>(queryKeys.session(sessionId));
  if (live.connection !== "online" || !live.presence || !session) return;
  // The whole queue cached: its statuses, as they change with every push; else the pushed counts.
  const status = queueComplete(queryClient, sessionId)
    ? sessionStatusOfStories(cachedStories(queryClient, sessionId), live.presence.leaderPresent)
    : sessionStatusOf(session.stats, live.presence.leaderPresent);
  const patch = (view: SessionView): SessionView =>
    view.id === sessionId && view.status !== status ? { ...view, status } : view;
  queryClient.setQueryData<SessionView>(queryKeys.session(sessionId), (old) => (old ? patch(old) : old));
  const lists = [
    ...queryClient.getQueriesData<SessionView[]>({ queryKey: queryKeys.sessions, exact: true }),
    ...queryClient.getQueriesData<SessionView[]>({ queryKey: queryKeys.archivedSessions, exact: true }),
    ...queryClient.getQueriesData<SessionView[]>({ queryKey: ["/api/teams"] }).filter(([key]) => key[2] === "sessions"),
  ];
  for (const [key, list] of lists) {
    if (!Array.isArray(list) || !list.some((s) => s.id === sessionId && s.status !== status)) continue;
    queryClient.setQueryData<SessionView[]>(key, list.map(patch));
  }
}

/**
 * Writes one server push into the react-query cache (DESIGN.md "Contracts": pushes carry the
 * changed data, so nothing is refetched). A snapshot replaces everything. Pushes that can
 * change the session's status also update it in the cached session lists (syncSessionStatus).
 */
export function applyServerMessage(queryClient: QueryClient, sessionId: string, message: ServerMessage): void {
  applyToCache(queryClient, sessionId, message);
  if (STATUS_CHANGING.has(message.type)) syncSessionStatus(queryClient, sessionId);
}

function applyToCache(queryClient: QueryClient, sessionId: string, message: ServerMessage): void {
  switch (message.type) {
    case "session_snapshot": {
      const live = readLive(queryClient, sessionId);
      const cached = queryClient.getQueryData<SessionView>(queryKeys.session(sessionId));
      queryClient.setQueryData<SessionView>(queryKeys.session(sessionId), message.session);
      // The window of the queue around the current story (issue #22 section 3); older servers sent every story.
      const stories = [...message.stories].sort(byPosition);
      const window = message.storyWindow ?? { offset: 0, total: stories.length };
      queryClient.setQueryData<StoryView[]>(queryKeys.stories(sessionId), stories);
      seedQueue(
        queryClient,
        sessionId,
        window.offset,
        window.total,
        stories.map((s) => s.id),
      );
      queryClient.setQueryData<VoteView[]>(queryKeys.votes(sessionId), message.votes);
      markVotesLoaded(
        queryClient,
        sessionId,
        stories.map((s) => s.id),
        true,
      );
      queryClient.setQueryData<ParticipantView[]>(queryKeys.participants(sessionId), message.participants);
      if (message.invitations) {
        queryClient.setQueryData<SessionInvitationView[]>(queryKeys.invitations(sessionId), message.invitations);
      }
      setLive(queryClient, sessionId, {
        presence: message.presence,
        you: message.you,
        deleted: false,
        connection: "online",
        connected: true,
        snapshots: live.snapshots + 1,
        // Archived while we were away (issue #8 section 5).
        archived: live.archived || (!!cached && !cached.archivedAt && !!message.session.archivedAt),
        backOnlineAt: live.connection === "reconnecting" ? Date.now() : live.backOnlineAt,
        currentStoryId: message.currentStoryId,
        participantCounts: message.participantCounts,
        round: {
          storyId: message.currentStoryId,
          votedCount: message.votedCount,
          expectedVoters: message.expectedVoters,
        },
      });
      noteServerTime(message.serverNow);
      // Suggestions are not in the snapshot: refetch the lists shown (issue #9 section 2).
      if (live.snapshots > 0) refreshSuggestions(queryClient);
      return;
    }
    case "participants_update": {
      // A delta: changed participants, voterKeys that came online or went offline.
      upsertParticipants(queryClient, sessionId, message.participants);
      const before = queryClient.getQueryData<LiveState>(queryKeys.live(sessionId))?.presence?.online ?? [];
      const online = [...new Set([...before, ...message.online])].filter((key) => !message.offline.includes(key));
      setLive(queryClient, sessionId, {
        presence: { online, leaderPresent: message.leaderPresent },
        currentStoryId: message.currentStoryId,
        ...(message.participantCounts ? { participantCounts: message.participantCounts } : {}),
        round: {
          storyId: message.currentStoryId,
          votedCount: message.votedCount,
          expectedVoters: message.expectedVoters,
        },
      });
      return;
    }
    case "participant_removed": {
      // Issue #8 section 1: everyone drops the participant; the removed person sees the removed screen.
      dropParticipant(queryClient, sessionId, message.participantId);
      const you = queryClient.getQueryData<LiveState>(queryKeys.live(sessionId))?.you;
      if (you?.voterKey === message.voterKey) setLive(queryClient, sessionId, { removed: true });
      return;
    }
    case "vote_update":
      applyVote(queryClient, sessionId, message.storyId, message.voterKey, message.vote);
      setLive(queryClient, sessionId, {
        round: { storyId: message.storyId, votedCount: message.votedCount, expectedVoters: message.expectedVoters },
      });
      return;
    case "votes_revealed":
      upsertStories(queryClient, sessionId, [message.story]);
      replaceStoryVotes(queryClient, sessionId, message.story.id, message.votes);
      markVotesLoaded(queryClient, sessionId, [message.story.id]);
      return;
    case "story_update":
      applyStoryStats(queryClient, sessionId, message.storyStats);
      if (message.action === "deleted") {
        removeStory(queryClient, sessionId, message.story.id);
      } else {
        addStories(queryClient, sessionId, [message.story], message.afterStoryId);
      }
      return;
    case "stories_imported":
      applyStoryStats(queryClient, sessionId, message.storyStats);
      addStories(queryClient, sessionId, message.stories);
      return;
    case "story_updated":
    case "story_status_change":
      applyStoryStats(queryClient, sessionId, message.storyStats);
      upsertStories(queryClient, sessionId, [message.story]);
      return;
    case "round_started": {
      const round = readLive(queryClient, sessionId).round;
      if (round?.storyId === message.story.id) setLive(queryClient, sessionId, { round: { ...round, votedCount: 0 } });
      upsertStories(queryClient, sessionId, [message.story]);
      replaceStoryVotes(queryClient, sessionId, message.story.id, []);
      markVotesLoaded(queryClient, sessionId, [message.story.id]);
      return;
    }
    case "criteria_suggestion_added":
    case "criteria_suggestion_rejected":
      applySuggestionMessage(queryClient, message);
      return;
    case "criteria_suggestion_approved":
      applySuggestionMessage(queryClient, message);
      upsertStories(queryClient, sessionId, [message.story]);
      return;
    case "timer_started":
    case "timer_stopped":
      applyTimerMessage(queryClient, sessionId, message);
      return;
    case "stories_reordered":
      reorderStories(queryClient, sessionId, message.storyIds);
      return;
    case "story_moved":
      placeStory(queryClient, sessionId, message.storyId, message.afterStoryId);
      return;
    case "insights_updated":
      queryClient.setQueryData(insightKeys.insights(sessionId), message.insights);
      return;
    case "active_story_changed":
      queryClient.setQueryData<SessionView>(queryKeys.session(sessionId), (old) =>
        old ? { ...old, activeStoryId: message.storyId } : old,
      );
      window.dispatchEvent(
        new CustomEvent("active-story-changed", { detail: { storyId: message.storyId, timestamp: message.timestamp } }),
      );
      return;
    case "session_updated": {
      const cached = queryClient.getQueryData<SessionView>(queryKeys.session(sessionId));
      queryClient.setQueryData<SessionView>(queryKeys.session(sessionId), message.session);
      // Archived while this screen was open: say so at once (issue #8 section 5).
      if (cached && !cached.archivedAt && message.session.archivedAt)
        setLive(queryClient, sessionId, { archived: true });
      return;
    }
    case "session_deleted":
      setLive(queryClient, sessionId, { deleted: true });
      return;
    case "reaction":
      // Never cached: it floats for 3 s on the session screen (ReactionLayer; issue #8 section 6).
      window.dispatchEvent(new CustomEvent(REACTION_EVENT, { detail: message }));
      return;
    case "error":
      // The session is gone: a rejoin after a drop is answered NOT_FOUND (issue #8 section 5).
      if (message.code === "NOT_FOUND") setLive(queryClient, sessionId, { deleted: true });
      // Live-connection failures are only logged (spec part 2 section 8).
      console.warn(`Live session error ${message.code}: ${message.message}`);
      return;
    default:
      return;
  }
}
