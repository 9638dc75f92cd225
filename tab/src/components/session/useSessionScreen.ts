import type { ParticipantView, SessionView, StoryView, VoteView } from "@pointwise/core/presented";
import { useEffect, useMemo, useState } from "react";
import { useCurrentUser } from "../../api/authQueries";
import type { LiveState } from "../../api/liveSessionCache";
import { useParticipants, useSession, useSessionVotes, useStories } from "../../api/sessionQueries";
import { useLiveSession } from "../../api/useLiveSession";
import { readAnonymousParticipant } from "../../storage/anonymousParticipant";
import { recordSessionVisit } from "../../storage/recentSessions";
import { displayName } from "../../text/displayName";

/** Everything the session screen derives from the cache for one session. */
export interface SessionScreen {
  session: ReturnType<typeof useSession>;
  stories: StoryView[];
  votes: VoteView[];
  participants: ParticipantView[];
  live: LiveState;
  isLeader: boolean;
  myVoterKey: string | null;
  /** The group's story: the session's active story, else the first neither completed nor skipped. */
  groupStory: StoryView | null;
  /** The story shown: the locally chosen one, else the group's. */
  currentStory: StoryView | null;
  outOfSync: boolean;
  chooseLocally: (storyId: string | null) => void;
}

function isOpen(story: StoryView): boolean {
  return story.status !== "completed" && story.status !== "skipped";
}

/** The group's story (spec part 2 section 2: "The current story is the chosen one, otherwise the first..."). */
export function groupStoryOf(session: SessionView | undefined, stories: StoryView[]): StoryView | null {
  return stories.find((s) => s.id === session?.activeStoryId) ?? stories.find(isOpen) ?? null;
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
    ? { userId: user.id, participantId: null, displayName: displayName(user) }
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
  const myVoterKey = live.you?.voterKey ?? (user ? `u:${user.id}` : anonymous ? `p:${anonymous.participantId}` : null);
  const groupStory = groupStoryOf(data, stories);
  const localStory = stories.find((s) => s.id === localStoryId) ?? null;
  const currentStory = localStory ?? groupStory;
  const outOfSync = !isLeader && localStory !== null && groupStory !== null && localStory.id !== groupStory.id;

  return {
    session,
    stories,
    votes,
    participants,
    live,
    isLeader,
    myVoterKey,
    groupStory,
    currentStory,
    outOfSync,
    chooseLocally: setLocalStoryId,
  };
}
