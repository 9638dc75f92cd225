import { Button, Field, makeStyles, Select } from "@fluentui/react-components";
import { ArrowUndo20Regular } from "@fluentui/react-icons";
import type { Card } from "@pointwise/core/decks";
import type { StoryView } from "@pointwise/core/presented";
import { useState } from "react";
import { useSetActiveStory } from "../../api/sessionMutations";
import { useUpdateStory } from "../../api/storyMutations";
import { useErrorHandler } from "../../errors/useErrorHandler";
import { useNotify } from "../../toasts/useNotify";
import { FinalPointsOptions } from "./FinalPointsOptions";

const useStyles = makeStyles({ row: { display: "flex", alignItems: "flex-end", gap: "8px", flexWrap: "wrap" } });

/**
 * The leader's corrections on a finished story (issue #8 section 3): Reopen Story on a skipped
 * story (PATCH status pending, and the group moves to it) and Change Points on a completed one
 * (PATCH finalPoints). Both are pushed live by the server.
 */
export function FinishedStoryControls({
  sessionId,
  story,
  deck,
}: {
  sessionId: string;
  story: StoryView;
  deck: Card[];
}) {
  const styles = useStyles();
  const update = useUpdateStory(sessionId);
  const setActive = useSetActiveStory(sessionId);
  const handleError = useErrorHandler();
  const notify = useNotify();
  const [points, setPoints] = useState(String(story.finalPoints ?? ""));
  const busy = update.isPending || setActive.isPending;

  if (story.status === "skipped") {
    const reopen = () =>
      update.mutate(
        { storyId: story.id, status: "pending" },
        {
          onSuccess: () => setActive.mutate(story.id, { onError: (error) => handleError(error) }),
          onError: (error) => handleError(error),
        },
      );
    return (
      <Button icon={<ArrowUndo20Regular />} disabled={busy} onClick={reopen} data-testid="reopen-story-button">
        Reopen Story
      </Button>
    );
  }
  const change = () =>
    update.mutate(
      { storyId: story.id, finalPoints: points === "" ? null : Number(points) },
      { onSuccess: () => notify("Final points updated"), onError: (error) => handleError(error) },
    );
  return (
    <div className={styles.row}>
      <Field label="Final points">
        <Select value={points} onChange={(_e, d) => setPoints(d.value)} data-testid="change-points-select">
          <FinalPointsOptions deck={deck} />
        </Select>
      </Field>
      <Button
        disabled={busy || points === String(story.finalPoints ?? "")}
        onClick={change}
        data-testid="change-points-button"
      >
        Change Points
      </Button>
    </div>
  );
}
