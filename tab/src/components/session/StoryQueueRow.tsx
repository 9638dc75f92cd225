import { Badge, makeStyles, mergeClasses, shorthands, tokens } from "@fluentui/react-components";
import { type Card, cardLabel } from "@pointwise/core/decks";
import type { StoryView } from "@pointwise/core/presented";
import { memo } from "react";
import { StoryOrderButtons } from "./StoryOrderButtons";

/** Height of one queue row (px): fixed, so the queue can render only the rows in view. */
export const STORY_ROW_HEIGHT_PX = 42;

const useStyles = makeStyles({
  item: {
    display: "flex",
    alignItems: "center",
    gap: "2px",
    position: "absolute",
    top: 0,
    left: 0,
    width: "100%",
    height: `${STORY_ROW_HEIGHT_PX}px`,
    paddingBottom: "4px",
    boxSizing: "border-box",
  },
  row: {
    display: "flex",
    alignItems: "center",
    gap: "8px",
    flex: 1,
    minWidth: 0,
    padding: "8px 10px",
    borderRadius: tokens.borderRadiusMedium,
    ...shorthands.border("1px", "solid", "transparent"),
    backgroundColor: "transparent",
    color: tokens.colorNeutralForeground1,
    cursor: "pointer",
    textAlign: "left",
    ":hover": { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  current: { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorBrandBackground2 },
  title: { flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
  ticket: { flexShrink: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

const STATUS: Record<string, { label: string; color: "informative" | "brand" | "success" | "subtle" }> = {
  pending: { label: "Ready", color: "informative" },
  voting: { label: "In Progress", color: "brand" },
  completed: { label: "Completed", color: "success" },
  skipped: { label: "Skipped", color: "subtle" },
};

/** Props of one queue row; all are stable between votes so the memoised row is skipped. */
export interface StoryQueueRowProps {
  story: StoryView;
  /** Index in the whole queue (what Move up/down and drag and drop use). */
  index: number;
  /** Stories in the whole queue. */
  count: number;
  /** Top of the row in the list (px). */
  top: number;
  isCurrent: boolean;
  isLeader: boolean;
  deck: readonly Card[];
  /** A row is being dragged (rows accept the drop). */
  dragging: boolean;
  onChoose: (story: StoryView) => void;
  onMove: (id: string, to: number) => void;
  /** A drag starts (the story id) or ends (null). */
  onDragStart: (id: string | null) => void;
  onDrop: (targetId: string) => void;
}

/**
 * One story in the Story Queue: the button that chooses it (title, ticket, final points,
 * status) and, for the leader, drag and drop and Move up/down (issue #8 sections 3 and 6).
 */
export const StoryQueueRow = memo(function StoryQueueRow({
  story,
  index,
  count,
  top,
  isCurrent,
  isLeader,
  deck,
  dragging,
  onChoose,
  onMove,
  onDragStart,
  onDrop,
}: StoryQueueRowProps) {
  const styles = useStyles();
  const status = STATUS[story.status] ?? { label: "Draft", color: "subtle" as const };
  return (
    <li
      data-story-id={story.id}
      className={styles.item}
      style={{ transform: `translateY(${top}px)` }}
      aria-setsize={count}
      aria-posinset={index + 1}
      draggable={isLeader}
      onDragStart={() => onDragStart(story.id)}
      onDragOver={(e) => dragging && e.preventDefault()}
      onDrop={() => onDrop(story.id)}
      onDragEnd={() => onDragStart(null)}
    >
      <button
        type="button"
        className={mergeClasses(styles.row, isCurrent && styles.current)}
        onClick={() => onChoose(story)}
        aria-current={isCurrent ? "true" : undefined}
        data-testid={`story-row-${story.id}`}
        data-status={story.status}
      >
        <span className={styles.title}>{story.title}</span>
        {story.ticketNumber ? <span className={styles.ticket}>{story.ticketNumber}</span> : null}
        {story.status === "completed" && story.finalPoints !== null ? (
          <Badge appearance="outline">{cardLabel(deck, story.finalPoints)}</Badge>
        ) : null}
        <Badge appearance="tint" color={status.color}>
          {status.label}
        </Badge>
      </button>
      {isLeader && count > 1 ? (
        <StoryOrderButtons title={story.title} index={index} count={count} onMove={(to) => onMove(story.id, to)} />
      ) : null}
    </li>
  );
});
