import { Card, Input, makeStyles, Text, tokens } from "@fluentui/react-components";
import { Search16Regular } from "@fluentui/react-icons";
import type { Card as DeckCard } from "@pointwise/core/decks";
import type { StoryView } from "@pointwise/core/presented";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSetActiveStory } from "../../api/sessionMutations";
import { useReorderStories } from "../../api/storyMutations";
import { useNotify } from "../../toasts/useNotify";
import { OutOfSyncBanner } from "./OutOfSyncBanner";
import { useRowWindow } from "./rowWindow";
import { STORY_ROW_HEIGHT_PX, StoryQueueRow } from "./StoryQueueRow";
import { filterStories } from "./storyFilter";
import { movedOrder } from "./storyOrder";
import type { SessionScreen } from "./useSessionScreen";

const useStyles = makeStyles({
  card: { padding: "16px", gap: "8px", minWidth: 0 },
  header: { display: "flex", alignItems: "baseline", justifyContent: "space-between", gap: "8px" },
  count: { color: tokens.colorNeutralForeground3 },
  search: { width: "100%", minWidth: 0 },
  scroller: { maxHeight: "min(60vh, 520px)", overflowY: "auto", overflowX: "hidden", minWidth: 0 },
  list: { position: "relative", margin: 0, padding: 0, listStyle: "none", width: "100%" },
  empty: { color: tokens.colorNeutralForeground3, padding: "8px 0" },
});

/** Rows rendered beyond the visible ones on each side. */
const OVERSCAN = 8;
/** The list's height before it is measured (px): its CSS maximum. */
const INITIAL_HEIGHT_PX = 520;

/**
 * Story Queue (spec part 2 sections 2 and 4): the leader's click moves the group to a story;
 * anyone else's click views it locally, which puts them out of sync until they Sync. The
 * leader reorders the queue by drag and drop or Move up/down (issue #8 section 3). A search box
 * filters by title or ticket number, and only the rows in view are rendered (issue #8 section 6,
 * "Large backlogs"; rows have one fixed height, see rowWindow): the list is memoised so a vote
 * does not re-render the queue.
 */
export function StoryQueue({ screen, sessionId }: { screen: SessionScreen; sessionId: string }) {
  const setActive = useSetActiveStory(sessionId);
  const notify = useNotify();
  const reorder = useReorderStories(sessionId);
  // The callbacks below stay the same function for the page's life; they read the newest values here.
  const latest = useRef({ screen, setActive, notify, reorder });
  latest.current = { screen, setActive, notify, reorder };

  const onMove = useCallback((id: string, to: number) => {
    const { screen: s, reorder: r, notify: n } = latest.current;
    r.mutate(
      movedOrder(
        s.stories.map((story) => story.id),
        id,
        to,
      ),
      { onError: () => n("Error", "Failed to reorder the stories.", "error") },
    );
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

  return (
    <StoryQueueCard
      stories={screen.stories}
      currentId={screen.currentStory?.id ?? null}
      isLeader={screen.isLeader}
      deck={screen.session.data?.deck ?? EMPTY_DECK}
      outOfSyncWith={screen.outOfSync && screen.groupStory ? screen.groupStory.title : null}
      onSync={screen.chooseLocally}
      onChoose={onChoose}
      onMove={onMove}
    />
  );
}

const EMPTY_DECK: DeckCard[] = [];

/** What the queue shows; every prop is stable across votes, so the memoised card skips them. */
export interface StoryQueueCardProps {
  stories: readonly StoryView[];
  currentId: string | null;
  isLeader: boolean;
  deck: readonly DeckCard[];
  /** The group's story title while the viewer is out of sync, else null. */
  outOfSyncWith: string | null;
  onSync: (storyId: null) => void;
  onChoose: (story: StoryView) => void;
  /** Moves story `id` to index `to` of the whole queue. */
  onMove: (id: string, to: number) => void;
  /** The search text to start with (tests). */
  initialQuery?: string;
}

/** The queue's card: title, search box and the windowed list of rows. */
export const StoryQueueCard = memo(function StoryQueueCard({
  stories,
  currentId,
  isLeader,
  deck,
  outOfSyncWith,
  onSync,
  onChoose,
  onMove,
  initialQuery = "",
}: StoryQueueCardProps) {
  const styles = useStyles();
  const [query, setQuery] = useState(initialQuery);
  const [dragged, setDragged] = useState<string | null>(null);
  const visible = useMemo(() => filterStories(stories, query), [stories, query]);
  const filtered = visible !== stories;
  const indexOf = useMemo(() => new Map(stories.map((s, i) => [s.id, i])), [stories]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useRowWindow(scrollRef, visible.length, STORY_ROW_HEIGHT_PX, OVERSCAN, INITIAL_HEIGHT_PX);
  const { scrollToIndex } = rows;

  // Keep the shown story in view (e.g. Next Story deep in a long queue).
  const currentIndex = currentId === null ? -1 : visible.findIndex((s) => s.id === currentId);
  useEffect(() => {
    if (currentIndex >= 0) scrollToIndex(currentIndex);
  }, [currentIndex, scrollToIndex]);

  const move = useCallback(
    (id: string, to: number) => {
      onMove(id, to);
      // Move up/down keeps keyboard focus on the moved row: make sure it stays rendered at its new place.
      if (!filtered) scrollToIndex(Math.max(0, Math.min(to, stories.length - 1)));
    },
    [onMove, filtered, scrollToIndex, stories.length],
  );
  const drop = useCallback(
    (targetId: string) => {
      if (dragged && dragged !== targetId) onMove(dragged, indexOf.get(targetId) ?? 0);
      setDragged(null);
    },
    [dragged, indexOf, onMove],
  );

  return (
    <Card className={styles.card} data-testid="story-queue">
      <div className={styles.header}>
        <Text weight="semibold">Story Queue</Text>
        <Text size={200} className={styles.count} data-testid="story-queue-count">
          {filtered ? `${visible.length} of ${stories.length}` : `${stories.length} stories`}
        </Text>
      </div>
      {outOfSyncWith !== null ? <OutOfSyncBanner groupTitle={outOfSyncWith} onSync={() => onSync(null)} /> : null}
      <Input
        className={styles.search}
        type="search"
        size="small"
        contentBefore={<Search16Regular />}
        placeholder="Search by title or ticket"
        aria-label="Search stories"
        value={query}
        onChange={(_e, data) => setQuery(data.value)}
        data-testid="story-search"
      />
      {visible.length === 0 ? (
        <Text size={200} className={styles.empty} data-testid="story-search-empty">
          No stories match "{query.trim()}".
        </Text>
      ) : null}
      <div ref={scrollRef} className={styles.scroller} data-testid="story-queue-scroller">
        <ol className={styles.list} style={{ height: visible.length * STORY_ROW_HEIGHT_PX }} aria-label="Stories">
          {visible.slice(rows.start, rows.end).map((story, i) => (
            <StoryQueueRow
              key={story.id}
              story={story}
              index={indexOf.get(story.id) ?? rows.start + i}
              count={stories.length}
              top={(rows.start + i) * STORY_ROW_HEIGHT_PX}
              isCurrent={story.id === currentId}
              isLeader={isLeader}
              deck={deck}
              dragging={dragged !== null}
              onChoose={onChoose}
              onMove={move}
              onDragStart={setDragged}
              onDrop={drop}
            />
          ))}
        </ol>
      </div>
    </Card>
  );
});
