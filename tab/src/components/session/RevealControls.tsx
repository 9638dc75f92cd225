import { Button, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { Eye20Regular } from "@fluentui/react-icons";
import { useRevealVotes } from "../../api/storyMutations";
import { useRoundCountdown } from "./useRoundCountdown";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", gap: "12px", flexWrap: "wrap" },
  muted: { color: tokens.colorNeutralForeground3 },
  // The round timer ran out (issue #8 section 2): the leader's Reveal asks to be pressed.
  timeUp: {
    outline: `3px solid ${tokens.colorPaletteRedBorder2}`,
    outlineOffset: "2px",
    animationName: {
      "0%": { transform: "scale(1)" },
      "50%": { transform: "scale(1.06)" },
      "100%": { transform: "scale(1)" },
    },
    animationDuration: "1.2s",
    animationIterationCount: "3",
    "@media (prefers-reduced-motion: reduce)": { animationName: "none" },
  },
});

/**
 * Reveal (spec part 2 section 4): 'Reveal Votes' once everyone voted; the leader may 'Force
 * Reveal' earlier; others see 'Waiting for N votes'. Reveal failures are only logged (section 8).
 * When the round timer (`timerEndsAt`) has run out, the leader's button is highlighted (issue #8 section 2).
 */
export function RevealControls({
  sessionId,
  storyId,
  isLeader,
  missing,
  votedCount,
  timerEndsAt = null,
}: {
  sessionId: string;
  storyId: string;
  isLeader: boolean;
  missing: number;
  votedCount: number;
  timerEndsAt?: string | null;
}) {
  const styles = useStyles();
  const reveal = useRevealVotes(sessionId);
  const allVoted = missing <= 0 && votedCount > 0;
  const timeUp = useRoundCountdown(timerEndsAt).timeUp && isLeader;
  const label = allVoted || !isLeader ? "Reveal Votes" : "Force Reveal";
  return (
    <div className={styles.row}>
      <Button
        appearance={allVoted || timeUp ? "primary" : "secondary"}
        className={mergeClasses(timeUp && styles.timeUp)}
        data-time-up={timeUp}
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
