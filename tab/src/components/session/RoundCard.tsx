import { Badge, Card, MessageBar, MessageBarBody, makeStyles, Text, Title3, tokens } from "@fluentui/react-components";
import { LockClosed16Regular } from "@fluentui/react-icons";
import { FinishedStoryControls } from "./FinishedStoryControls";
import { HistorySuggestion } from "./HistorySuggestion";
import { ParticipationGrid } from "./ParticipationGrid";
import { RoundHistory } from "./RoundHistory";
import { StoryEditActions } from "./StoryEditActions";
import type { RoundState } from "./StoryEstimationPanel";
import { StoryOutcome } from "./StoryOutcome";
import { VoteResults } from "./VoteResults";

const useStyles = makeStyles({
  card: { padding: "16px 20px", gap: "12px", minWidth: 0, "@media (max-width: 767.98px)": { padding: "12px" } },
  titleRow: { display: "flex", alignItems: "center", gap: "4px 8px", flexWrap: "wrap", minWidth: 0 },
  title: {
    flex: "1 1 240px",
    overflowWrap: "anywhere",
    minWidth: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    "@media (max-width: 767.98px)": { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  },
  locked: { display: "inline-flex", alignItems: "center", gap: "6px", color: tokens.colorNeutralForeground3 },
});

/**
 * The round at the top of the session screen (issue #22 section 2): which story (title, ticket,
 * round, the leader's Edit and Delete), who has voted (points once revealed), and after the
 * reveal the results, so they show without scrolling above the dock; a finished story's outcome
 * and the leader's corrections.
 */
export function RoundCard({ round }: { round: RoundState }) {
  const styles = useStyles();
  const { screen, session, story, storyVotes, voters, votedCount, expectedVoters, done } = round;
  return (
    <Card className={styles.card} aria-label="Story Estimation">
      <div className={styles.titleRow}>
        {story.ticketNumber ? <Badge appearance="outline">{story.ticketNumber}</Badge> : null}
        <Title3 as="h2" className={styles.title} data-testid="active-story-title">
          {story.title}
        </Title3>
        {story.round > 1 ? (
          <Badge appearance="tint" color="informative">
            Round {story.round}
          </Badge>
        ) : null}
        {screen.isLeader ? <StoryEditActions key={story.id} sessionId={session.id} story={story} /> : null}
      </div>
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
          {round.ownerAbsent ? (
            <MessageBar intent="warning" data-testid="voting-disabled">
              <MessageBarBody>Voting disabled - session owner not present</MessageBarBody>
            </MessageBar>
          ) : null}
          {round.readOnly ? (
            <MessageBar intent="info" data-testid="sync-to-vote">
              <MessageBarBody>Sync to vote: votes count only on the group's story.</MessageBarBody>
            </MessageBar>
          ) : null}
          {story.votesRevealed ? (
            <Text className={styles.locked} data-testid="voting-locked">
              <LockClosed16Regular /> Voting completed and locked
            </Text>
          ) : null}
          <ParticipationGrid
            participants={screen.participants}
            voters={voters}
            counts={{ votedCount, expectedVoters }}
            room={{ sessionId: session.id, ...screen.people }}
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
          {story.votesRevealed ? (
            <>
              <VoteResults votes={storyVotes} deck={session.deck} scale={session.estimationScale} />
              <HistorySuggestion story={story} />
            </>
          ) : null}
          <RoundHistory story={story} deck={session.deck} />
        </>
      )}
    </Card>
  );
}
