import { Button, Label, makeStyles, Select } from "@fluentui/react-components";
import { ArrowClockwise20Regular, ArrowNext20Regular, Next20Regular } from "@fluentui/react-icons";
import { proposedFinalPoints } from "@pointwise/core/consensus";
import type { Card } from "@pointwise/core/decks";
import type { StoryView, VoteView } from "@pointwise/core/presented";
import { useId, useState } from "react";
import { useNewRound, useUpdateStory } from "../../api/storyMutations";
import { useErrorHandler } from "../../errors/useErrorHandler";
import { FinalPointsOptions } from "./FinalPointsOptions";
import { useSkipWithUndo } from "./useSkipWithUndo";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "flex-end", gap: "8px", flexWrap: "wrap", flex: "1 1 auto" },
  select: { minWidth: "96px" },
  points: { display: "inline-flex", alignItems: "center", gap: "6px", whiteSpace: "nowrap" },
  spacer: { flex: 1 },
});

/**
 * The leader's round controls (spec part 2 section 4): final points (proposed from the votes),
 * Next Story (enabled once revealed), Skip Story (with Undo in its toast) and New Round.
 */
export function LeaderRoundControls({
  sessionId,
  story,
  deck,
  votes,
  onDone,
}: {
  sessionId: string;
  story: StoryView;
  deck: Card[];
  votes: VoteView[];
  onDone: () => void;
}) {
  const styles = useStyles();
  const pointsId = useId();
  const update = useUpdateStory(sessionId);
  const newRound = useNewRound(sessionId);
  const handleError = useErrorHandler();
  const values = deck.flatMap((c) => (c.value === null ? [] : [c.value]));
  const proposed = proposedFinalPoints(
    votes.map((v) => v.points ?? null),
    values,
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const finalPoints = chosen ?? String(proposed ?? values[0] ?? "");
  const skipping = useSkipWithUndo(sessionId, onDone);
  const busy = update.isPending || newRound.isPending || skipping.busy;

  const complete = () =>
    update.mutate(
      { storyId: story.id, status: "completed", finalPoints: finalPoints === "" ? null : Number(finalPoints) },
      { onSuccess: onDone, onError: (error) => handleError(error) },
    );
  const skip = () => skipping.skip(story);
  const restart = () =>
    newRound.mutate(story.id, { onSuccess: () => setChosen(null), onError: (error) => handleError(error) });

  return (
    <div className={styles.row}>
      <span className={styles.points}>
        <Label htmlFor={pointsId}>Final points</Label>
        <Select
          id={pointsId}
          className={styles.select}
          value={finalPoints}
          onChange={(_e, d) => setChosen(d.value)}
          disabled={!story.votesRevealed}
          data-testid="final-points-select"
        >
          <FinalPointsOptions deck={deck} />
        </Select>
      </span>
      <Button
        appearance="primary"
        icon={<ArrowNext20Regular />}
        disabled={!story.votesRevealed || busy}
        onClick={complete}
        data-testid="next-story-button"
      >
        Next Story
      </Button>
      <span className={styles.spacer} />
      <Button icon={<ArrowClockwise20Regular />} disabled={busy} onClick={restart} data-testid="new-round-button">
        New Round
      </Button>
      <Button
        appearance="subtle"
        icon={<Next20Regular />}
        disabled={busy}
        onClick={skip}
        data-testid="skip-story-button"
      >
        Skip Story
      </Button>
    </div>
  );
}
