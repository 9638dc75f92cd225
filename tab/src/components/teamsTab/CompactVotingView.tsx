import { Button, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { Eye20Regular } from "@fluentui/react-icons";
import { useState } from "react";
import type { TeamsHost } from "../../teamsHost/teamsHost";
import { StoryEstimationPanel } from "../session/StoryEstimationPanel";
import { useSessionScreen } from "../session/useSessionScreen";
import { ShareToStageButton } from "./ShareToStageButton";
import { VotingCardPreview } from "./VotingCardPreview";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: "12px" },
  title: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  row: { display: "flex", gap: "8px", flexWrap: "wrap" },
});

/**
 * The meeting side panel's voting view: the group's story, deck, who voted, reveal and the
 * leader's round controls (the session screen's StoryEstimationPanel), results after reveal,
 * "Share to stage" and a preview of the bot's voting card.
 */
export function CompactVotingView({ host, sessionId }: { host: TeamsHost; sessionId: string }) {
  const styles = useStyles();
  const screen = useSessionScreen(sessionId);
  const [preview, setPreview] = useState(false);
  const session = screen.session.data;
  if (!session) return <Spinner label="Loading session..." />;

  return (
    <div className={styles.root}>
      <Text className={styles.title} data-testid="session-title">
        {session.title}
      </Text>
      <StoryEstimationPanel screen={screen} session={session} />
      <div className={styles.row}>
        <ShareToStageButton host={host} sessionId={session.id} />
        <Button
          appearance="subtle"
          icon={<Eye20Regular />}
          onClick={() => setPreview((open) => !open)}
          aria-expanded={preview}
          data-testid="card-preview-toggle"
        >
          {preview ? "Hide card preview" : "Card preview"}
        </Button>
      </div>
      {preview ? (
        <VotingCardPreview session={session} story={screen.currentStory} myVoterKey={screen.myVoterKey} />
      ) : null}
    </div>
  );
}
