import { useSortable } from "@dnd-kit/sortable";
import {
  Badge,
  Button,
  makeStyles,
  mergeClasses,
  Skeleton,
  SkeletonItem,
  shorthands,
  tokens,
} from "@fluentui/react-components";
import { Play16Regular, ReOrderDotsVertical16Regular } from "@fluentui/react-icons";
import { type Card, cardLabel } from "@pointwise/core/decks";
import type { StoryView } from "@pointwise/core/presented";
import { isOpenStory } from "@pointwise/core/storyRules";
import { memo } from "react";
import { StoryOrderButtons } from "./StoryOrderButtons";

/** Height of one queue row (px): fixed, so the queue can render only the rows in view. Two lines. */
export const STORY_ROW_HEIGHT_PX = 58;

const useStyles = makeStyles({
  item: {
    display: "flex",
    alignItems: "stretch",
    position: "absolute",
    left: 0,
    width: "100%",
    height: `${STORY_ROW_HEIGHT_PX}px`,
    paddingBottom: "4px",
    boxSizing: "border-box",
  },
  dragging: { zIndex: 1, opacity: 0.85 },
  row: {
    display: "flex",
    flexDirection: "column",
    justifyContent: "center",
    gap: "2px",
    flex: 1,
    minWidth: 0,
    padding: "4px 8px",
    borderRadius: tokens.borderRadiusMedium,
    ...shorthands.border("1px", "solid", "transparent"),
    backgroundColor: "transparent",
    color: tokens.colorNeutralForeground1,
    cursor: "pointer",
    textAlign: "start",
    font: "inherit",
    ":hover": { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  current: { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorBrandBackground2 },
  title: {
    display: "block",
    minWidth: 0,
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap",
    fontSize: tokens.fontSizeBase300,
  },
  meta: { display: "flex", alignItems: "center", gap: "6px", minWidth: 0, fontSize: tokens.fontSizeBase200 },
  /** Room on the second line for the leader's actions, which sit over its right end. */
  metaBeside: { paddingRight: "108px" },
  ticket: { color: tokens.colorNeutralForeground3, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
  // Beside the button, not in it (no control inside a control), over the second line's right end:
  // the title keeps the row's whole width.
  actions: { position: "absolute", right: "4px", bottom: "8px", display: "flex", alignItems: "center" },
  handle: { cursor: "grab", touchAction: "none" },
});

const STATUS: Record<string, { label: string; color: "informative" | "brand" | "success" | "subtle" }> = {
  pending: { label: "Ready", color: "informative" },
  voting: { label: "In Progress", color: "brand" },
  completed: { label: "Completed", color: "success" },
  skipped: { label: "Skipped", color: "subtle" },
};

/** Props of one queue row; all are stable between votes so the memoised row is skipped. */
export interface StoryQueueRowProps {
  /** The story, or undefined while its page is being read (a placeholder row). */
  story: StoryView | undefined;
  /** Index in the whole queue (what Move up/down and drag and drop use). */
  index: number;
  /** Stories in the whole queue. */
  count: number;
  isCurrent: boolean;
  /** The group's story: no "Estimate now" on it. */
  isGroupStory: boolean;
  isLeader: boolean;
  /** Drag and drop and Move up/down are offered (the leader, not while searching). */
  sortable: boolean;
  deck: readonly Card[];
  onChoose: (story: StoryView) => void;
  onMove: (id: string, from: number, to: number) => void;
}

/**
 * One story in the Story Queue, on two lines so a title shows its first 30 characters or more
 * in the side column (the whole title on hover and to screen readers; issue #22 section 2): the
 * button that chooses it (title; ticket, final points, status) and, for the leader, "Estimate
 * now" on an open story that is not the group's, a drag handle and Move up/down.
 */
export const StoryQueueRow = memo(function StoryQueueRow(props: StoryQueueRowProps) {
  const { story, index, count, isCurrent, isLeader, sortable, deck } = props;
  const styles = useStyles();
  const top = index * STORY_ROW_HEIGHT_PX;
  const drag = useSortable({ id: story?.id ?? `row-${index}`, disabled: !sortable || !story });
  const dy = drag.transform?.y ?? 0;
  if (!story) {
    return (
      <li className={styles.item} style={{ top }} aria-busy="true">
        <Skeleton aria-label="Loading story" style={{ flex: 1, padding: "8px" }}>
          <SkeletonItem size={16} />
        </Skeleton>
      </li>
    );
  }
  const status = STATUS[story.status] ?? { label: "Draft", color: "subtle" as const };
  const estimateNow = isLeader && !props.isGroupStory && isOpenStory(story);
  return (
    <li
      ref={drag.setNodeRef}
      data-story-id={story.id}
      className={mergeClasses(styles.item, drag.isDragging && styles.dragging)}
      // `top`, not a transform, places the row: dnd-kit measures rows without their transforms, and
      // moves them (making room, or the dragged one) with its own.
      style={{ top, transform: dy ? `translateY(${dy}px)` : undefined, transition: drag.transition }}
      aria-setsize={count}
      aria-posinset={index + 1}
    >
      <button
        type="button"
        className={mergeClasses(styles.row, isCurrent && styles.current)}
        onClick={() => props.onChoose(story)}
        aria-current={isCurrent ? "true" : undefined}
        title={story.title}
        data-testid={`story-row-${story.id}`}
        data-status={story.status}
      >
        <span className={styles.title} data-testid="queue-row-title">
          {story.title}
        </span>
        <span className={mergeClasses(styles.meta, isLeader && styles.metaBeside)}>
          <Badge appearance="tint" size="small" color={status.color}>
            {status.label}
          </Badge>
          {story.status === "completed" && story.finalPoints !== null ? (
            <Badge appearance="outline" size="small">
              {cardLabel(deck, story.finalPoints)}
            </Badge>
          ) : null}
          {story.ticketNumber ? <span className={styles.ticket}>{story.ticketNumber}</span> : null}
        </span>
      </button>
      {isLeader ? (
        <span className={styles.actions}>
          {estimateNow ? (
            <Button
              size="small"
              appearance="subtle"
              icon={<Play16Regular />}
              aria-label={`Estimate now: ${story.title}`}
              title="Estimate now"
              onClick={() => props.onChoose(story)}
              data-testid="story-estimate-now"
            />
          ) : null}
          {sortable && count > 1 ? (
            <>
              <Button
                size="small"
                appearance="subtle"
                className={styles.handle}
                icon={<ReOrderDotsVertical16Regular />}
                aria-label={`Reorder ${story.title}`}
                {...drag.attributes}
                {...drag.listeners}
                data-testid="story-drag-handle"
              />
              <StoryOrderButtons
                title={story.title}
                index={index}
                count={count}
                onMove={(to) => props.onMove(story.id, index, to)}
              />
            </>
          ) : null}
        </span>
      ) : null}
    </li>
  );
});
