import { Badge, makeStyles, Spinner, Text, Title1, tokens } from "@fluentui/react-components";
import { ParticipationGrid } from "../session/ParticipationGrid";
import { roundTally } from "../session/roundTally";
import { useSessionScreen } from "../session/useSessionScreen";
import { VoteResults } from "../session/VoteResults";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: "24px", maxWidth: "1200px", margin: "0 auto", width: "100%" },
  head: { display: "flex", flexDirection: "column", gap: "8px" },
  session: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase500 },
  story: { fontSize: "40px", lineHeight: "48px" },
  waiting: { fontSize: tokens.fontSizeBase500, color: tokens.colorNeutralForeground2 },
});

/**
 * The meeting stage's big screen: the group's current story, live participation, and once the
 * votes are revealed the results with their distribution chart. Updates live over the session's
 * WebSocket; nothing here is interactive.
 */
export function TeamsStageView({ sessionId }: { sessionId: string }) {
  const styles = useStyles();
  const screen = useSessionScreen(sessionId);
  const session = screen.session.data;
  if (!session) return <Spinner label="Loading session..." />;
  const story = screen.groupStory;
  const votes = story ? screen.votes.filter((v) => v.storyId === story.id) : [];
  const tally = story ? roundTally(screen, story.id, votes) : null;

  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <Text className={styles.session}>{session.title}</Text>
        <Title1 as="h1" className={styles.story} data-testid="active-story-title">
          {story?.title ?? "Waiting for the next story"}
        </Title1>
        {story ? (
          <div>
            <Badge appearance="tint" color={story.votesRevealed ? "success" : "brand"} data-testid="stage-status">
              {story.votesRevealed ? "Votes revealed" : `Round ${story.round} - voting`}
            </Badge>
          </div>
        ) : null}
      </div>
      {story && tally ? (
        <>
          <ParticipationGrid
            participants={screen.participants}
            voters={tally.voters}
            counts={tally}
            room={{ sessionId, ...screen.people }}
            votes={votes}
            online={screen.presenceKnown ? (screen.live.presence?.online ?? null) : null}
            deck={session.deck}
            revealed={story.votesRevealed}
          />
          {story.votesRevealed ? (
            <VoteResults votes={votes} deck={session.deck} scale={session.estimationScale} />
          ) : (
            <Text className={styles.waiting}>Votes stay hidden until the leader reveals them.</Text>
          )}
        </>
      ) : null}
    </div>
  );
}
