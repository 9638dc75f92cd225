import { makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import type { SessionView, StoryView } from "@pointwise/core/presented";
import { useVotingCard } from "../../api/cardQueries";
import { useRevealVotes } from "../../api/storyMutations";
import { useCastVote } from "../../api/voteMutations";
import { useErrorHandler } from "../../errors/useErrorHandler";
import { useNotify } from "../../toasts/useNotify";
import { AdaptiveCardView, type ExecutedAction } from "./AdaptiveCardView";
import { sampleVotingCard } from "./sampleVotingCard";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: "6px",
    padding: "12px",
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Points of a vote action's data: a number, or null for `?`; undefined when the data has none. */
function pointsOf(data: Record<string, unknown>): number | null | undefined {
  const value = data.points;
  if (typeof value === "number") return value;
  if (value === null || value === "?") return null;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/**
 * The bot's voting card as Teams would show it in the meeting chat (GET /api/sessions/{id}/card,
 * else a local sample of the same shape), rendered by the `adaptivecards` library. Its
 * Action.Execute buttons go through the normal API: vote casts the caller's vote, reveal
 * reveals (leader), refresh reloads the card.
 */
export function VotingCardPreview({
  session,
  story,
  myVoterKey,
}: {
  session: SessionView;
  story: StoryView | null;
  myVoterKey: string | null;
}) {
  const styles = useStyles();
  const card = useVotingCard(session.id, story ? `${story.id}:${story.round}:${story.votesRevealed}` : "none");
  const castVote = useCastVote(session.id, myVoterKey);
  const reveal = useRevealVotes(session.id);
  const handleError = useErrorHandler();
  const notify = useNotify();

  // The bot's verbs (vote, reveal, refresh) done through the normal API; the card then reloads.
  const execute = ({ verb, data }: ExecutedAction) => {
    const storyId = typeof data.storyId === "string" ? data.storyId : story?.id;
    const action = verb || (typeof data.action === "string" ? data.action : "");
    const done = { onSuccess: () => void card.refetch(), onError: (error: unknown) => handleError(error) };
    if (action === "refresh") void card.refetch();
    if (!storyId) return;
    const points = pointsOf(data);
    if (action === "vote" && points !== undefined) {
      castVote.mutate(
        { storyId, points },
        {
          ...done,
          onSuccess: () => {
            notify("Vote cast from the card");
            done.onSuccess();
          },
        },
      );
    } else if (action === "reveal") {
      reveal.mutate(storyId, done);
    } else if (action === "next") {
      notify("Next story", "Pick the final points and select Next Story in the panel.", "info");
    }
  };

  return (
    <section className={styles.root} data-testid="adaptive-card-preview" aria-label="Card preview">
      <Text size={200} className={styles.muted}>
        {card.data ? "Voting card from the Pointwise bot" : "Sample of the bot's voting card"}
      </Text>
      {card.isLoading ? (
        <Spinner aria-label="Loading" size="tiny" />
      ) : (
        <AdaptiveCardView
          card={card.data ?? sampleVotingCard(session, story, window.location.origin)}
          onExecute={execute}
        />
      )}
    </section>
  );
}
