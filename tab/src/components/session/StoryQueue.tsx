import type { StoryView } from "@pointwise/core/presented";
import { useCallback, useRef, useState } from "react";
import { useSetActiveStory } from "../../api/sessionMutations";
import { useMoveStory } from "../../api/storyMutations";
import { useQueueRows } from "../../api/useStoryQueue";
import { useNotify } from "../../toasts/useNotify";
import { StoryQueueCard } from "./StoryQueueCard";
import { moveAnchor } from "./storyOrder";
import type { SessionScreen } from "./useSessionScreen";

/**
 * Story Queue (spec part 2 sections 2 and 4): the leader's click (or "Estimate now") moves the
 * group to a story; anyone else's click views it locally, which puts them out of sync until they
 * Sync. The leader reorders by drag and drop (dnd-kit, keyboard too) or Move up/down (issue #22
 * section 2). The rows come from useQueueRows: a big backlog is read a page at a time as the
 * list scrolls, and searched by the server (issue #22 section 3).
 */
export function StoryQueue({ screen, sessionId }: { screen: SessionScreen; sessionId: string }) {
  const setActive = useSetActiveStory(sessionId);
  const move = useMoveStory(sessionId);
  const notify = useNotify();
  const [query, setQuery] = useState("");
  const [range, setRange] = useState({ start: 0, end: 30 });
  const rows = useQueueRows(sessionId, query, range.start, range.end);
  // The callbacks below stay the same function for the page's life; they read the newest values here.
  const latest = useRef({ screen, setActive, notify, move, rows });
  latest.current = { screen, setActive, notify, move, rows };

  const onMove = useCallback((id: string, from: number, to: number) => {
    const { move: m, notify: n, rows: r } = latest.current;
    const afterStoryId = moveAnchor(from, to, (i) => r.rowAt(i)?.id);
    if (afterStoryId === undefined) return;
    m.mutate({ storyId: id, afterStoryId }, { onError: () => n("Error", "Failed to reorder the stories.", "error") });
  }, []);
  const onChoose = useCallback((story: StoryView) => {
    const { screen: s, setActive: a, notify: n } = latest.current;
    if (!s.isLeader) {
      s.chooseLocally(story.id === s.groupStory?.id ? null : story.id);
      return;
    }
    s.chooseLocally(null);
    a.mutate(story.id, { onError: () => n("Error", "Failed to set active story for the group.", "error") });
  }, []);
  const onRange = useCallback((start: number, end: number) => {
    setRange((was) => (was.start === start && was.end === end ? was : { start, end }));
  }, []);

  return (
    <StoryQueueCard
      rows={rows}
      query={query}
      onQueryChange={setQuery}
      onRange={onRange}
      currentId={screen.currentStory?.id ?? null}
      groupId={screen.groupStoryId}
      isLeader={screen.isLeader}
      deck={screen.session.data?.deck ?? EMPTY_DECK}
      outOfSyncWith={screen.outOfSync && screen.groupStory ? screen.groupStory.title : null}
      onSync={screen.chooseLocally}
      onChoose={onChoose}
      onMove={onMove}
    />
  );
}

const EMPTY_DECK: never[] = [];
