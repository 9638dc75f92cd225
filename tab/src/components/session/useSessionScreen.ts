import { displayNameOf } from "@pointwise/core/displayNames";
import type { ParticipantView, StoryView, VoteView } from "@pointwise/core/presented";
import { voterKeyOf } from "@pointwise/core/voters";
import { useEffect, useMemo, useState } from "react";
import { useCurrentUser } from "../../api/authQueries";
import type { LiveState } from "../../api/liveSessionCache";
import { useParticipants, useSession, useSessionVotes, useStories } from "../../api/sessionQueries";
import { useLiveSession } from "../../api/useLiveSession";
import { readAnonymousParticipant } from "../../storage/anonymousParticipant";
import { recordSessionVisit } from "../../storage/recentSessions";
import { storySelection } from "./storySelection";

/** Everything the session screen derives from the cache for one session. */
export interface SessionScreen {
  session: ReturnType<typeof useSession>;
  stories: StoryView[];
  votes: VoteView[];
  participants: ParticipantView[];
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
  /** The group's story: core currentStory (the active story, else the first open one). */
  groupStory: StoryView | null;
  /** The story shown: the locally chosen one, else the group's. */
  currentStory: StoryView | null;
  outOfSync: boolean;
  chooseLocally: (storyId: string | null) => void;
}

/**
 * Loads a session with its stories, votes and participants, keeps the live connection for a
 * signed-in user or a stored guest identity, and works out leader, current story and sync state.
 */
export function useSessionScreen(id: string): SessionScreen {
  const { data: user, isLoading: userLoading } = useCurrentUser();
  const anonymous = useMemo(() => readAnonymousParticipant(id), [id]);
  const session = useSession(id);
  const ready = session.isSuccess;
  const stories = useStories(id, ready).data ?? [];
  const votes = useSessionVotes(id, ready).data ?? [];
  const participants = useParticipants(id, ready).data ?? [];
  const identity = user
    ? { userId: user.id, participantId: null, displayName: displayNameOf(user) }
    : anonymous
      ? { userId: null, participantId: anonymous.participantId, displayName: anonymous.displayName }
      : null;
  const live = useLiveSession(id, identity, ready && !userLoading);
  const [localStoryId, setLocalStoryId] = useState<string | null>(null);

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
  const { groupStory, currentStory, outOfSync } = storySelection(data, stories, localStoryId, isLeader);

  return {
    session,
    stories,
    votes,
    participants,
    live,
    presenceKnown: live.connection === "online",
    signedIn: !!user,
    isLeader,
    myVoterKey,
    groupStory,
    currentStory,
    outOfSync,
    chooseLocally: setLocalStoryId,
  };
}
