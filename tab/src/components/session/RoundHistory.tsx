import { makeStyles, Text, tokens } from "@fluentui/react-components";
import type { Card } from "@pointwise/core/decks";
import type { StoryView } from "@pointwise/core/presented";
import { roundHistoryLine } from "@pointwise/core/roundHistory";
import { useStoryRounds } from "../../api/storyRoundQueries";

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: "18px", color: tokens.colorNeutralForeground2 },
});

/**
 * The earlier rounds of a story, shown after reveal (issue #8 section 3): one line per finished
 * round, e.g. "Round 1: 3, 5, 13 - Wide Spread". Nothing on a story's first round.
 */
export function RoundHistory({ story, deck }: { story: StoryView; deck: Card[] }) {
  const styles = useStyles();
  const rounds = useStoryRounds(story.id, story.round, story.votesRevealed);
  if (!story.votesRevealed || !rounds.data?.length) return null;
  return (
    <section data-testid="round-history">
      <Text weight="semibold">Earlier rounds</Text>
      <ul className={styles.list}>
        {rounds.data.map((r) => (
          <li key={r.round}>{roundHistoryLine(r, deck)}</li>
        ))}
      </ul>
    </section>
  );
}
