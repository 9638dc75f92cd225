import { Button, Card, makeStyles, Spinner } from "@fluentui/react-components";
import { Add20Regular, DocumentBulletList24Regular } from "@fluentui/react-icons";
import type { SessionView } from "@pointwise/core/presented";
import { isOpenStory } from "@pointwise/core/storyRules";
import { useState } from "react";
import { EmptyState } from "../common/EmptyState";
import { AddStoryDialog } from "./AddStoryDialog";
import { RoundCard } from "./RoundCard";
import { RoundDock } from "./RoundDock";
import { roundTally } from "./roundTally";
import { StoryDetailsCard } from "./StoryDetailsCard";
import type { SessionScreen } from "./useSessionScreen";

const useStyles = makeStyles({
  column: { display: "flex", flexDirection: "column", gap: "12px", minWidth: 0 },
  card: { padding: "20px", gap: "16px", minWidth: 0, "@media (max-width: 767.98px)": { padding: "12px" } },
});

/** What the round's parts read of the screen, worked out once (StoryEstimationPanel). */
export interface RoundState {
  screen: SessionScreen;
  session: SessionView;
  story: NonNullable<SessionScreen["currentStory"]>;
  storyVotes: SessionScreen["votes"];
  /** Present non-observers among the people held (core expectedVoters; issue #8 section 1). */
  voters: SessionScreen["participants"];
  votedCount: number;
  /** Expected voters of the whole room (more than `voters` in a big room; issue #24 section 3). */
  expectedVoters: number;
  /** The story is completed or skipped. */
  done: boolean;
  /** The leader is known to be absent: voting is off (spec part 2 section 4). */
  ownerAbsent: boolean;
  /** Votes count only on the group's story (issue #8 section 3): another story is read-only. */
  readOnly: boolean;
  observing: boolean;
}

/**
 * Story Estimation (spec part 2 sections 2 and 4) laid out for one screen (issue #22 section 2):
 * the round (who voted, the results, the outcome) at the top, the deck and the leader's round
 * actions in a dock that stays at the bottom of the window at every step, and the story's
 * description and criteria below them. Empty states when there is no story.
 */
export function StoryEstimationPanel({ screen, session }: { screen: SessionScreen; session: SessionView }) {
  const styles = useStyles();
  const [adding, setAdding] = useState(false);
  const story = screen.currentStory;

  if (screen.storyCount === 0) {
    return (
      <Card className={styles.card}>
        <EmptyState
          icon={<DocumentBulletList24Regular />}
          title="No stories to vote on"
          message={
            screen.isLeader ? "Add a story to start estimating." : "Waiting for the session leader to add stories"
          }
          action={
            screen.isLeader ? (
              <Button appearance="primary" icon={<Add20Regular />} onClick={() => setAdding(true)}>
                Add Story
              </Button>
            ) : undefined
          }
        />
        {adding ? <AddStoryDialog session={session} open onOpenChange={setAdding} /> : null}
      </Card>
    );
  }
  if (!story) {
    // The group's story is being read (it lies outside the window this screen holds).
    return (
      <Card className={styles.card}>
        {screen.groupStoryId !== null ? (
          <Spinner label="Loading story..." />
        ) : (
          <EmptyState title="No story selected" message="Pick a story from the queue." />
        )}
      </Card>
    );
  }

  const storyVotes = screen.votes.filter((v) => v.storyId === story.id);
  const { voters, votedCount, expectedVoters } = roundTally(screen, story.id, storyVotes);
  const me = screen.participants.find((p) => p.voterKey === screen.myVoterKey);
  // Absent only when known: before the live snapshot (or while reconnecting) presence is
  // unknown, and a guest must not read "owner not present" while the owner is there (issue #22).
  const ownerAbsent = screen.presenceKnown && screen.live.presence?.leaderPresent === false;
  const round: RoundState = {
    screen,
    session,
    story,
    storyVotes,
    voters,
    votedCount,
    expectedVoters,
    done: !isOpenStory(story),
    ownerAbsent,
    readOnly: screen.outOfSync,
    observing: me?.role === "observer",
  };
  return (
    <div className={styles.column}>
      <RoundCard round={round} />
      <RoundDock round={round} />
      <StoryDetailsCard round={round} />
    </div>
  );
}
