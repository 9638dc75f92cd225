import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { Button, Card, Input, makeStyles, Text, tokens } from "@fluentui/react-components";
import { ChevronDown20Regular, ChevronUp20Regular, Search16Regular } from "@fluentui/react-icons";
import type { Card as DeckCard } from "@pointwise/core/decks";
import type { StoryView } from "@pointwise/core/presented";
import { memo, useEffect, useMemo, useRef } from "react";
import type { QueueRows } from "../../api/useStoryQueue";
import { usePersistentFlag } from "../common/usePersistentFlag";
import { OutOfSyncBanner } from "./OutOfSyncBanner";
import { useRowWindow } from "./rowWindow";
import { STORY_ROW_HEIGHT_PX, StoryQueueRow } from "./StoryQueueRow";

const useStyles = makeStyles({
  card: { padding: "12px 12px 8px", gap: "8px", minWidth: 0 },
  header: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: "8px" },
  count: { color: tokens.colorNeutralForeground3, marginLeft: "auto" },
  search: { width: "100%", minWidth: 0 },
  scroller: { maxHeight: "min(52vh, 480px)", overflowY: "auto", overflowX: "hidden", minWidth: 0 },
  list: { position: "relative", margin: 0, padding: 0, listStyle: "none", width: "100%" },
  empty: { color: tokens.colorNeutralForeground3, padding: "8px 0" },
});

/** Rows rendered beyond the visible ones on each side. */
const OVERSCAN = 8;
/** The list's height before it is measured (px): its CSS maximum. */
const INITIAL_HEIGHT_PX = 480;

/** What the queue shows; every prop but `rows` is stable across votes, so the memoised card skips them. */
export interface StoryQueueCardProps {
  rows: QueueRows;
  query: string;
  onQueryChange: (query: string) => void;
  /** The rows in view changed (indexes, end exclusive): the queue reads what it lacks. */
  onRange?: (start: number, end: number) => void;
  /** The story shown on this screen. */
  currentId: string | null;
  /** The group's story ("Estimate now" is offered on the others). */
  groupId?: string | null;
  isLeader: boolean;
  deck: readonly DeckCard[];
  /** The group's story title while the viewer is out of sync, else null. */
  outOfSyncWith: string | null;
  onSync: (storyId: null) => void;
  onChoose: (story: StoryView) => void;
  /** Moves story `id` from index `from` to index `to` of the whole queue. */
  onMove: (id: string, from: number, to: number) => void;
}

/**
 * The Story Queue's card: title and count, a collapse toggle (remembered on this device), the
 * search box and the windowed list of rows (only those in view are rendered; issue #8 section 6),
 * sortable by drag and drop with the pointer or the keyboard (dnd-kit: Space picks a row up by
 * its handle, arrows move it, Space drops, Escape cancels; issue #22 section 2). Sorting is off
 * while searching (a filtered list has no place to drop into).
 */
export const StoryQueueCard = memo(function StoryQueueCard(props: StoryQueueCardProps) {
  const { rows, query, onQueryChange, onRange, currentId, groupId = null, isLeader, deck } = props;
  const styles = useStyles();
  const [collapsed, setCollapsed] = usePersistentFlag("pointwise.queueCollapsed");
  const scrollRef = useRef<HTMLDivElement>(null);
  const range = useRowWindow(scrollRef, rows.count, STORY_ROW_HEIGHT_PX, OVERSCAN, INITIAL_HEIGHT_PX);
  const { scrollToIndex } = range;
  const searching = query.trim() !== "";
  const sortable = isLeader && !searching;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => onRange?.(range.start, range.end), [onRange, range.start, range.end]);
  // Keep the shown story in view (e.g. Next Story deep in a long queue).
  const currentIndex = currentId === null ? -1 : rows.indexOf(currentId);
  useEffect(() => {
    if (currentIndex >= 0) scrollToIndex(currentIndex);
  }, [currentIndex, scrollToIndex]);

  const shown = useMemo(() => {
    const list: { index: number; story: StoryView | undefined }[] = [];
    for (let i = range.start; i < Math.min(range.end, rows.count); i++) list.push({ index: i, story: rows.rowAt(i) });
    return list;
  }, [rows, range.start, range.end]);
  const ids = useMemo(() => shown.flatMap((r) => (r.story ? [r.story.id] : [])), [shown]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.indexOf(String(active.id));
    const to = rows.indexOf(String(over.id));
    if (from >= 0 && to >= 0) props.onMove(String(active.id), from, to);
  };

  return (
    <Card className={styles.card} data-testid="story-queue" data-collapsed={collapsed}>
      <div className={styles.header}>
        <Text weight="semibold" as="h2">
          Story Queue
        </Text>
        <Text size={200} className={styles.count} data-testid="story-queue-count">
          {searching ? `${rows.count} found` : `${rows.count} ${rows.count === 1 ? "story" : "stories"}`}
        </Text>
        <Button
          appearance="subtle"
          size="small"
          icon={collapsed ? <ChevronDown20Regular /> : <ChevronUp20Regular />}
          aria-expanded={!collapsed}
          aria-controls="story-queue-body"
          aria-label={collapsed ? "Show the story queue" : "Hide the story queue"}
          onClick={() => setCollapsed(!collapsed)}
          data-testid="story-queue-toggle"
        />
      </div>
      {props.outOfSyncWith !== null ? (
        <OutOfSyncBanner groupTitle={props.outOfSyncWith} onSync={() => props.onSync(null)} />
      ) : null}
      <div id="story-queue-body" hidden={collapsed}>
        <Input
          className={styles.search}
          type="search"
          size="small"
          contentBefore={<Search16Regular />}
          placeholder="Search by title or ticket"
          aria-label="Search stories"
          value={query}
          onChange={(_e, data) => onQueryChange(data.value)}
          data-testid="story-search"
        />
        {searching && rows.count === 0 ? (
          <Text size={200} className={styles.empty} data-testid="story-search-empty">
            No stories match "{query.trim()}".
          </Text>
        ) : null}
        <div ref={scrollRef} className={styles.scroller} data-testid="story-queue-scroller">
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={!sortable}>
              <ol className={styles.list} style={{ height: rows.count * STORY_ROW_HEIGHT_PX }} aria-label="Stories">
                {shown.map(({ index, story }) => (
                  <StoryQueueRow
                    key={story?.id ?? `row-${index}`}
                    story={story}
                    index={index}
                    count={rows.count}
                    isCurrent={story !== undefined && story.id === currentId}
                    isGroupStory={story !== undefined && story.id === groupId}
                    isLeader={isLeader}
                    sortable={sortable}
                    deck={deck}
                    onChoose={props.onChoose}
                    onMove={props.onMove}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        </div>
      </div>
    </Card>
  );
});
