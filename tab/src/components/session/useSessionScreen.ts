import { displayNameOf } from "@pointwise/core/displayNames";
import type { ParticipantView, StoryView, VoteView } from "@pointwise/core/presented";
import { SNAPSHOT_PARTICIPANT_WINDOW } from "@pointwise/core/realtime";
import { voterKeyOf } from "@pointwise/core/voters";
import { useEffect, useMemo, useState } from "react";
import { useCurrentUser } from "../../api/authQueries";
import type { LiveState } from "../../api/liveSessionCache";
import { useParticipants, useSession } from "../../api/sessionQueries";
import { useLiveSession } from "../../api/useLiveSession";
import {
  useCachedStories,
  useCachedVotes,
  useEnsureStory,
  useEnsureVotes,
  useQueueIndex,
} from "../../api/useStoryQueue";
import { readAnonymousParticipant } from "../../storage/anonymousParticipant";
import { recordSessionVisit } from "../../storage/recentSessions";
import { storySelection } from "./storySelection";

/** Everything the session screen derives from the cache for one session. */
export interface SessionScreen {
  session: ReturnType<typeof useSession>;
  /**
   * The stories this screen holds, in queue order: all of them for a backlog that fits in the
   * live snapshot's window, else a window of the queue (issue #22 section 3; `storyCount` and
   * the session's stats tell the whole).
   */
  stories: StoryView[];
  /** Stories in the session's queue. */
  storyCount: number;
  /** True when `stories` is the whole queue. */
  queueComplete: boolean;
  /** Votes of the stories whose votes were read (the current story's always, once read). */
  votes: VoteView[];
  /**
   * The people this screen holds: everyone in a room of at most SNAPSHOT_PARTICIPANT_WINDOW, else
   * the first ones, the leaders, you, and whoever was read on demand (issue #24 section 3).
   */
  participants: ParticipantView[];
  /**
   * The whole room's head counts: `total` people, `present` of them, and `big` when the room
   * is bigger than SNAPSHOT_PARTICIPANT_WINDOW (the screen then holds only some people and shows
   * the server's round counts).
   */
  people: { total: number; present: number; big: boolean };
  live: LiveState;
  /**
   * True while the live connection is up and its snapshot applied: presence (Live badge,
   * presence dots) may be shown as live; otherwise it is unknown (issue #8 section 5).
   */
  presenceKnown: boolean;
  /** A signed-in user (else a guest): where "back" leads. */
  signedIn: boolean;
  isLeader: boolean;
  myVoterKey: string | null;
  /** The group's story: core currentStory (the active story, else the first open one); null while being read. */
  groupStory: StoryView | null;
  /** The group story's id, known before the story itself is read. */
  groupStoryId: string | null;
  /** The story shown: the locally chosen one, else the group's. */
  currentStory: StoryView | null;
  outOfSync: boolean;
  chooseLocally: (storyId: string | null) => void;
}

/**
 * How long (ms) the screen waits for the live snapshot before reading the current story and its
 * votes over REST: the snapshot brings them, and reading them twice would double a big session's
 * first load (issue #22 section 3).
 */
export const SNAPSHOT_PATIENCE_MS = 2_500;

/**
 * Loads a session with the window of its stories, their votes and the participants, keeps the
 * live connection for a signed-in user or a stored guest identity, and works out leader,
 * current story and sync state; reads the current story (and its votes) when the cache lacks it.
 */
export function useSessionScreen(id: string): SessionScreen {
  const { data: user, isLoading: userLoading } = useCurrentUser();
  const anonymous = useMemo(() => readAnonymousParticipant(id), [id]);
  const session = useSession(id);
  const ready = session.isSuccess;
  const stories = useCachedStories(id);
  const votes = useCachedVotes(id);
  const participants = useParticipants(id, ready).data ?? [];
  const identity = user
    ? { userId: user.id, participantId: null, displayName: displayNameOf(user) }
    : anonymous
      ? { userId: null, participantId: anonymous.participantId, displayName: anonymous.displayName }
      : null;
  const live = useLiveSession(id, identity, ready && !userLoading);
  const [localStoryId, setLocalStoryId] = useState<string | null>(null);
  const queue = useQueueIndex(id);
  const storyCount = queue.unknown ? (session.data?.stats.totalStories ?? stories.length) : queue.total;
  const queueComplete = !queue.unknown && stories.length >= queue.total;
  const waitForSnapshot = useSnapshotPatience(ready && identity !== null && !userLoading, live.snapshots > 0);

  useEffect(() => {
    if (ready) recordSessionVisit(id);
  }, [id, ready]);

  const data = session.data;
  const isLeader =
    live.you?.isLeader ??
    (user !== null && user !== undefined && (data?.creatorId === user.id || data?.leaderId === user.id));
  const myVoterKey =
    live.you?.voterKey ??
    (user
      ? voterKeyOf({ userId: user.id })
      : anonymous
        ? voterKeyOf({ participantId: anonymous.participantId })
        : null);
  const { groupStoryId, groupStory, currentStory, outOfSync } = storySelection(
    {
      activeStoryId: data?.activeStoryId,
      currentStoryId: live.snapshots > 0 ? live.currentStoryId : data?.currentStoryId,
      complete: queueComplete,
    },
    stories,
    localStoryId,
    isLeader,
  );
  useEnsureStory(id, groupStoryId, groupStory !== null, !ready || waitForSnapshot);
  useEnsureVotes(id, currentStory?.id ?? null, !ready || waitForSnapshot);

  return {
    session,
    stories,
    storyCount,
    queueComplete,
    votes,
    participants,
    people: peopleOf(participants, live),
    live,
    presenceKnown: live.connection === "online",
    signedIn: !!user,
    isLeader,
    myVoterKey,
    groupStory,
    groupStoryId,
    currentStory,
    outOfSync,
    chooseLocally: setLocalStoryId,
  };
}

/** The room's head counts (SessionScreen.people): the server's when it sent them, else the cached list's. */
function peopleOf(participants: ParticipantView[], live: LiveState): SessionScreen["people"] {
  const counts = live.participantCounts ?? {
    total: participants.length,
    present: participants.filter((p) => p.present).length,
  };
  return { ...counts, big: counts.total > SNAPSHOT_PARTICIPANT_WINDOW };
}

/**
 * True while the screen should wait for the live snapshot (it brings the stories and votes
 * first shown): from when the live connection can start until the first snapshot, at most
 * SNAPSHOT_PATIENCE_MS.
 */
function useSnapshotPatience(connecting: boolean, snapshotSeen: boolean): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!connecting || snapshotSeen) return;
    const timer = setTimeout(() => setExpired(true), SNAPSHOT_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [connecting, snapshotSeen]);
  return connecting && !snapshotSeen && !expired;
}
