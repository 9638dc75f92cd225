import type {
  ParticipantView,
  SessionInvitationView,
  SessionView,
  StoryView,
  VoteView,
} from "@pointwise/core/presented";
import type { Presence, ServerMessage } from "@pointwise/core/realtime";
import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "./queryKeys";

/** Session state that only the WebSocket knows: connection, presence and who "you" are. */
export interface LiveState {
  connected: boolean;
  presence: Presence | null;
  you: { voterKey: string; isLeader: boolean } | null;
  deleted: boolean;
  /** The leader removed you from this session (`participant_removed` for your voterKey; issue #8 section 1). */
  removed?: boolean;
}

/** The live state before any snapshot arrived. */
export const INITIAL_LIVE_STATE: LiveState = { connected: false, presence: null, you: null, deleted: false };

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

/** Inserts or replaces stories in the session's cached list, kept in position order. */
export function upsertStories(queryClient: QueryClient, sessionId: string, stories: StoryView[]): void {
  queryClient.setQueryData<StoryView[]>(queryKeys.stories(sessionId), (old) => {
    const map = new Map((old ?? []).map((s) => [s.id, s]));
    for (const story of stories) map.set(story.id, story);
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

/** Marks the connection open or closed. */
export function setLiveConnected(queryClient: QueryClient, sessionId: string, connected: boolean): void {
  setLive(queryClient, sessionId, { connected });
}

/**
 * Writes one server push into the react-query cache (DESIGN.md "Contracts": pushes carry the
 * changed data, so nothing is refetched). A snapshot replaces everything.
 */
export function applyServerMessage(queryClient: QueryClient, sessionId: string, message: ServerMessage): void {
  switch (message.type) {
    case "session_snapshot":
      queryClient.setQueryData<SessionView>(queryKeys.session(sessionId), message.session);
      queryClient.setQueryData<StoryView[]>(queryKeys.stories(sessionId), [...message.stories].sort(byPosition));
      queryClient.setQueryData<VoteView[]>(queryKeys.votes(sessionId), message.votes);
      queryClient.setQueryData<ParticipantView[]>(queryKeys.participants(sessionId), message.participants);
      if (message.invitations) {
        queryClient.setQueryData<SessionInvitationView[]>(queryKeys.invitations(sessionId), message.invitations);
      }
      setLive(queryClient, sessionId, { presence: message.presence, you: message.you, deleted: false });
      return;
    case "participants_update": {
      // A delta: changed participants, voterKeys that came online or went offline.
      upsertParticipants(queryClient, sessionId, message.participants);
      const before = queryClient.getQueryData<LiveState>(queryKeys.live(sessionId))?.presence?.online ?? [];
      const online = [...new Set([...before, ...message.online])].filter((key) => !message.offline.includes(key));
      setLive(queryClient, sessionId, { presence: { online, leaderPresent: message.leaderPresent } });
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
      return;
    case "votes_revealed":
      upsertStories(queryClient, sessionId, [message.story]);
      replaceStoryVotes(queryClient, sessionId, message.story.id, message.votes);
      return;
    case "story_update":
      if (message.action === "deleted") {
        queryClient.setQueryData<StoryView[]>(queryKeys.stories(sessionId), (old) =>
          (old ?? []).filter((s) => s.id !== message.story.id),
        );
        replaceStoryVotes(queryClient, sessionId, message.story.id, []);
      } else {
        upsertStories(queryClient, sessionId, [message.story]);
      }
      return;
    case "stories_imported":
      upsertStories(queryClient, sessionId, message.stories);
      return;
    case "story_updated":
    case "story_status_change":
      upsertStories(queryClient, sessionId, [message.story]);
      return;
    case "round_started":
      upsertStories(queryClient, sessionId, [message.story]);
      replaceStoryVotes(queryClient, sessionId, message.story.id, []);
      return;
    case "stories_reordered":
      reorderStories(queryClient, sessionId, message.storyIds);
      return;
    case "active_story_changed":
      queryClient.setQueryData<SessionView>(queryKeys.session(sessionId), (old) =>
        old ? { ...old, activeStoryId: message.storyId } : old,
      );
      window.dispatchEvent(
        new CustomEvent("active-story-changed", { detail: { storyId: message.storyId, timestamp: message.timestamp } }),
      );
      return;
    case "session_updated":
      queryClient.setQueryData<SessionView>(queryKeys.session(sessionId), message.session);
      return;
    case "session_deleted":
      setLive(queryClient, sessionId, { deleted: true });
      return;
    case "error":
      // Live-connection failures are only logged (spec part 2 section 8).
      console.warn(`Live session error ${message.code}: ${message.message}`);
      return;
    default:
      return;
  }
}
