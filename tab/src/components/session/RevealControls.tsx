import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { Eye20Regular } from "@fluentui/react-icons";
import { useRevealVotes } from "../../api/storyMutations";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", gap: "12px", flexWrap: "wrap" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * Reveal (spec part 2 section 4): 'Reveal Votes' once everyone voted; the leader may 'Force
 * Reveal' earlier; others see 'Waiting for N votes'. Reveal failures are only logged (section 8).
 */
export function RevealControls({
  sessionId,
  storyId,
  isLeader,
  missing,
  votedCount,
}: {
  sessionId: string;
  storyId: string;
  isLeader: boolean;
  missing: number;
  votedCount: number;
}) {
  const styles = useStyles();
  const reveal = useRevealVotes(sessionId);
  const allVoted = missing <= 0 && votedCount > 0;
  const label = allVoted || !isLeader ? "Reveal Votes" : "Force Reveal";
  return (
    <div className={styles.row}>
      <Button
        appearance={allVoted ? "primary" : "secondary"}
        icon={<Eye20Regular />}
        disabled={reveal.isPending || !(allVoted || isLeader)}
        onClick={() => reveal.mutate(storyId, { onError: (error) => console.warn("Reveal failed", error) })}
        data-testid="reveal-button"
      >
        {reveal.isPending ? "Revealing..." : label}
      </Button>
      {!allVoted ? (
        <Text className={styles.muted} data-testid="waiting-for-votes">
          {missing > 0 ? `Waiting for ${missing} ${missing === 1 ? "vote" : "votes"}` : "Waiting for votes"}
        </Text>
      ) : null}
    </div>
  );
}
