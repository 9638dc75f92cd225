import { Badge, Card, makeStyles, mergeClasses, shorthands, Text, tokens } from "@fluentui/react-components";
import { cardLabel } from "@pointwise/core/decks";
import type { StoryView } from "@pointwise/core/presented";
import { useState } from "react";
import { useSetActiveStory } from "../../api/sessionMutations";
import { useReorderStories } from "../../api/storyMutations";
import { useNotify } from "../../toasts/useNotify";
import { OutOfSyncBanner } from "./OutOfSyncBanner";
import { StoryOrderButtons } from "./StoryOrderButtons";
import { movedOrder } from "./storyOrder";
import type { SessionScreen } from "./useSessionScreen";

const useStyles = makeStyles({
  card: { padding: "16px", gap: "8px" },
  list: { display: "flex", flexDirection: "column", gap: "4px", margin: 0, padding: 0, listStyle: "none" },
  row: {
    display: "flex",
    alignItems: "center",
    gap: "8px",
    width: "100%",
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
  item: { display: "flex", alignItems: "center", gap: "2px" },
  title: { flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
});

const STATUS: Record<string, { label: string; color: "informative" | "brand" | "success" | "subtle" }> = {
  pending: { label: "Ready", color: "informative" },
  voting: { label: "In Progress", color: "brand" },
  completed: { label: "Completed", color: "success" },
  skipped: { label: "Skipped", color: "subtle" },
};

/**
 * Story Queue (spec part 2 sections 2 and 4): the leader's click moves the group to a story;
 * anyone else's click views it locally, which puts them out of sync until they Sync. The
 * leader reorders the queue by drag and drop or Move up/down (issue #8 section 3).
 */
export function StoryQueue({ screen, sessionId }: { screen: SessionScreen; sessionId: string }) {
  const styles = useStyles();
  const setActive = useSetActiveStory(sessionId);
  const notify = useNotify();
  const reorder = useReorderStories(sessionId);
  const [dragged, setDragged] = useState<string | null>(null);
  const move = (id: string, to: number) =>
    reorder.mutate(
      movedOrder(
        screen.stories.map((s) => s.id),
        id,
        to,
      ),
      { onError: () => notify("Error", "Failed to reorder the stories.", "error") },
    );
  const choose = (story: StoryView) => {
    if (!screen.isLeader) {
      screen.chooseLocally(story.id === screen.groupStory?.id ? null : story.id);
      return;
    }
    screen.chooseLocally(null);
    setActive.mutate(story.id, {
      onError: () => notify("Error", "Failed to set active story for the group.", "error"),
    });
  };
  return (
    <Card className={styles.card} data-testid="story-queue">
      <Text weight="semibold">Story Queue</Text>
      {screen.outOfSync && screen.groupStory ? (
        <OutOfSyncBanner groupTitle={screen.groupStory.title} onSync={() => screen.chooseLocally(null)} />
      ) : null}
      <ol className={styles.list}>
        {screen.stories.map((story, index) => {
          const status = STATUS[story.status] ?? { label: "Draft", color: "subtle" as const };
          const isCurrent = story.id === screen.currentStory?.id;
          return (
            <li
              key={story.id}
              className={styles.item}
              draggable={screen.isLeader}
              onDragStart={() => setDragged(story.id)}
              onDragOver={(e) => dragged && e.preventDefault()}
              onDrop={() => {
                if (dragged && dragged !== story.id) move(dragged, index);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
            >
              <button
                type="button"
                className={mergeClasses(styles.row, isCurrent && styles.current)}
                onClick={() => choose(story)}
                aria-current={isCurrent ? "true" : undefined}
                data-testid={`story-row-${story.id}`}
                data-status={story.status}
              >
                <span className={styles.title}>{story.title}</span>
                {story.status === "completed" && story.finalPoints !== null ? (
                  <Badge appearance="outline">{cardLabel(screen.session.data?.deck ?? [], story.finalPoints)}</Badge>
                ) : null}
                <Badge appearance="tint" color={status.color}>
                  {status.label}
                </Badge>
              </button>
              {screen.isLeader && screen.stories.length > 1 ? (
                <StoryOrderButtons
                  title={story.title}
                  index={index}
                  count={screen.stories.length}
                  onMove={(to) => move(story.id, to)}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
