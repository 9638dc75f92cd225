import {
  Button,
  Card,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from "@fluentui/react-components";
import { Add20Regular, DocumentBulletList24Regular, LockClosed16Regular } from "@fluentui/react-icons";
import type { SessionView } from "@pointwise/core/presented";
import { isOpenStory } from "@pointwise/core/storyRules";
import { expectedVoters, roundCounts } from "@pointwise/core/voters";
import { useState } from "react";
import { EmptyState } from "../common/EmptyState";
import { AddStoryDialog } from "./AddStoryDialog";
import { Deck } from "./Deck";
import { FinishedStoryControls } from "./FinishedStoryControls";
import { HistorySuggestion, PeekSuggestionButton } from "./HistorySuggestion";
import { LeaderRoundControls } from "./LeaderRoundControls";
import { ParticipationGrid } from "./ParticipationGrid";
import { RevealControls } from "./RevealControls";
import { RoleSwitch } from "./RoleSwitch";
import { RoundHistory } from "./RoundHistory";
import { RoundTimerPanel } from "./RoundTimerPanel";
import { StoryCriteria } from "./StoryCriteria";
import { StoryDetails } from "./StoryDetails";
import { StoryEditActions } from "./StoryEditActions";
import { StoryJiraLine } from "./StoryJiraLine";
import { StoryOutcome } from "./StoryOutcome";
import type { SessionScreen } from "./useSessionScreen";
import { VoteResults } from "./VoteResults";

const useStyles = makeStyles({
  card: { padding: "20px", gap: "16px", minWidth: 0, "@media (max-width: 767.98px)": { padding: "12px" } },
  heading: { fontWeight: 600, fontSize: tokens.fontSizeBase400 },
  locked: { display: "inline-flex", alignItems: "center", gap: "6px", color: tokens.colorNeutralForeground3 },
});

/**
 * Story Estimation (spec part 2 sections 2 and 4): the current story, the deck, the participation
 * grid, reveal, results and the leader's round controls; empty states when there is no story.
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
    if (screen.groupStoryId !== null) {
      return (
        <Card className={styles.card}>
          <Spinner label="Loading story..." />
        </Card>
      );
    }
    return (
      <Card className={styles.card}>
        <EmptyState title="No story selected" message="Pick a story from the queue." />
      </Card>
    );
  }

  const storyVotes = screen.votes.filter((v) => v.storyId === story.id);
  const done = !isOpenStory(story);
  const leaderPresent = screen.live.presence?.leaderPresent ?? false;
  // Who the round waits for: present non-observers (core expectedVoters; issue #8 section 1).
  const voters = expectedVoters(screen.participants);
  const { votedCount } = roundCounts(
    voters,
    storyVotes.filter((v) => !v.coffee).map((v) => v.voterKey),
  );
  const me = screen.participants.find((p) => p.voterKey === screen.myVoterKey);
  const observing = me?.role === "observer";
  const myVote = storyVotes.find((v) => v.voterKey === screen.myVoterKey);
  // Votes count only on the group's story (issue #8 section 3): another story is read-only.
  const readOnly = screen.outOfSync;

  return (
    <Card className={styles.card}>
      <Text className={styles.heading}>Story Estimation</Text>
      <StoryDetails
        story={story}
        ticket={<StoryJiraLine sessionId={session.id} story={story} canManage={screen.isLeader} />}
        actions={screen.isLeader ? <StoryEditActions key={story.id} sessionId={session.id} story={story} /> : null}
        criteria={
          <StoryCriteria
            key={story.id}
            sessionId={session.id}
            story={story}
            isLeader={screen.isLeader}
            myVoterKey={screen.myVoterKey}
          />
        }
      />
      {done ? (
        <>
          <StoryOutcome story={story} deck={session.deck} scale={session.estimationScale} votes={storyVotes} />
          {story.status === "completed" ? <HistorySuggestion story={story} /> : null}
          {screen.isLeader ? (
            <FinishedStoryControls key={story.id} sessionId={session.id} story={story} deck={session.deck} />
          ) : null}
        </>
      ) : (
        <>
          {!leaderPresent ? (
            <MessageBar intent="warning" data-testid="voting-disabled">
              <MessageBarBody>Voting disabled - session owner not present</MessageBarBody>
            </MessageBar>
          ) : null}
          {readOnly ? (
            <MessageBar intent="info" data-testid="sync-to-vote">
              <MessageBarBody>Sync to vote: votes count only on the group's story.</MessageBarBody>
            </MessageBar>
          ) : null}
          {story.votesRevealed ? (
            <Text className={styles.locked} data-testid="voting-locked">
              <LockClosed16Regular /> Voting completed and locked
            </Text>
          ) : null}
          {readOnly ? null : <RoundTimerPanel session={session} story={story} isLeader={screen.isLeader} />}
          {me ? <RoleSwitch sessionId={session.id} me={me} /> : null}
          {observing ? null : (
            <Deck
              sessionId={session.id}
              storyId={story.id}
              deck={session.deck}
              myVoterKey={screen.myVoterKey}
              selected={myVote?.points ?? null}
              hasVoted={myVote !== undefined}
              coffee={myVote?.coffee === true}
              disabled={readOnly || !leaderPresent || story.votesRevealed || screen.myVoterKey === null}
            />
          )}
          <ParticipationGrid
            participants={screen.participants}
            voters={voters}
            votes={storyVotes}
            online={screen.presenceKnown ? (screen.live.presence?.online ?? null) : null}
            deck={session.deck}
            revealed={story.votesRevealed}
            manage={
              screen.isLeader
                ? { sessionId: session.id, leaderUserIds: [session.creatorId, session.leaderId] }
                : undefined
            }
          />
          <RoundHistory story={story} deck={session.deck} />
          {/* PointBot's history suggestion: the leader may peek; everyone sees it after the reveal (issue #9 section 3). */}
          {screen.isLeader && !story.votesRevealed ? <PeekSuggestionButton key={story.id} story={story} /> : null}
          {story.votesRevealed ? (
            <>
              <VoteResults votes={storyVotes} deck={session.deck} scale={session.estimationScale} />
              <HistorySuggestion story={story} />
            </>
          ) : readOnly ? null : (
            <RevealControls
              sessionId={session.id}
              storyId={story.id}
              isLeader={screen.isLeader}
              missing={voters.length - votedCount}
              votedCount={votedCount}
              timerEndsAt={story.timerEndsAt}
            />
          )}
          {screen.isLeader ? (
            <LeaderRoundControls
              key={`${story.id}-${story.round}`}
              sessionId={session.id}
              story={story}
              deck={session.deck}
              votes={storyVotes}
              onDone={() => screen.chooseLocally(null)}
            />
          ) : null}
        </>
      )}
    </Card>
  );
}
