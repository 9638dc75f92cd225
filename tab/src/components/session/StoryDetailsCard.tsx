import { Card, makeStyles, Text, tokens } from "@fluentui/react-components";
import { PeekSuggestionButton } from "./HistorySuggestion";
import { RoleSwitch } from "./RoleSwitch";
import { StoryCriteria } from "./StoryCriteria";
import { StoryDescription } from "./StoryDescription";
import type { RoundState } from "./StoryEstimationPanel";
import { StoryJiraLine } from "./StoryJiraLine";

const useStyles = makeStyles({
  card: { padding: "16px 20px", gap: "12px", minWidth: 0, "@media (max-width: 767.98px)": { padding: "12px" } },
  heading: { color: tokens.colorNeutralForeground3 },
});

/**
 * The story's text under the round (issue #22 section 2): its ticket and write-back state, the
 * description (collapsed to six lines) and the acceptance criteria with their suggestions, the
 * caller's observer switch and the leader's peek at PointBot's estimate (hidden from voters until
 * the reveal, issue #9 section 3).
 */
export function StoryDetailsCard({ round }: { round: RoundState }) {
  const styles = useStyles();
  const { screen, session, story } = round;
  const me = screen.participants.find((p) => p.voterKey === screen.myVoterKey);
  return (
    <Card className={styles.card} aria-label="Story details" data-testid="story-details">
      <Text size={200} weight="semibold" className={styles.heading}>
        Story details
      </Text>
      <StoryJiraLine sessionId={session.id} story={story} canManage={screen.isLeader} />
      {story.description ? <StoryDescription key={`description-${story.id}`} text={story.description} /> : null}
      <StoryCriteria
        key={`criteria-${story.id}`}
        sessionId={session.id}
        story={story}
        isLeader={screen.isLeader}
        myVoterKey={screen.myVoterKey}
      />
      {screen.isLeader && !story.votesRevealed && !round.done ? (
        <PeekSuggestionButton key={`peek-${story.id}`} story={story} />
      ) : null}
      {me && !round.done ? <RoleSwitch sessionId={session.id} me={me} /> : null}
    </Card>
  );
}
