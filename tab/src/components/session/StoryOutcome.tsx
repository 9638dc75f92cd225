import { MessageBar, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { type Card, cardLabel, type EstimationScale } from "@pointwise/core/decks";
import type { StoryView, VoteView } from "@pointwise/core/presented";
import { VoteResults } from "./VoteResults";

/** A finished story: 'Story Completed' with its final estimation (and results), or 'Story Skipped'. */
export function StoryOutcome({
  story,
  deck,
  scale,
  votes,
}: {
  story: StoryView;
  deck: Card[];
  scale: EstimationScale;
  votes: VoteView[];
}) {
  if (story.status === "skipped") {
    return (
      <MessageBar intent="info" data-testid="story-outcome">
        <MessageBarBody>
          <MessageBarTitle>Story Skipped</MessageBarTitle>
          This story was skipped without an estimate.
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <>
      <MessageBar intent="success" data-testid="story-outcome">
        <MessageBarBody>
          <MessageBarTitle>Story Completed</MessageBarTitle>
          Final estimation: <strong data-testid="final-points">{cardLabel(deck, story.finalPoints)}</strong>
        </MessageBarBody>
      </MessageBar>
      {story.votesRevealed && votes.length > 0 ? <VoteResults votes={votes} deck={deck} scale={scale} /> : null}
    </>
  );
}
