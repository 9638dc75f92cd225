import {
  makeStyles,
  mergeClasses,
  shorthands,
  Text,
  tokens,
  useArrowNavigationGroup,
} from "@fluentui/react-components";
import type { Card } from "@pointwise/core/decks";
import { useCastVote } from "../../api/voteMutations";
import { useErrorHandler } from "../../errors/useErrorHandler";
import { useDeckKeys } from "./useDeckKeys";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: "8px" },
  cards: { display: "flex", flexWrap: "wrap", gap: "10px" },
  card: {
    width: "56px",
    height: "80px",
    borderRadius: "8px",
    ...shorthands.border("2px", "solid", tokens.colorNeutralStroke1),
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase500,
    fontWeight: 700,
    cursor: "pointer",
    boxShadow: tokens.shadow4,
    transition: "transform 0.1s ease, border-color 0.1s ease",
    ":hover": { transform: "translateY(-3px)", ...shorthands.borderColor(tokens.colorBrandStroke1) },
    ":focus-visible": { outline: `3px solid ${tokens.colorStrokeFocus2}`, outlineOffset: "2px" },
    ":disabled": { cursor: "not-allowed", opacity: 0.55, transform: "none", ":hover": { transform: "none" } },
  },
  selected: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    ...shorthands.borderColor(tokens.colorBrandBackground),
    transform: "translateY(-6px)",
    ":hover": { transform: "translateY(-6px)" },
  },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** Props of Deck: `selected` is the caller's own points (null: `?` or no vote). */
export interface DeckProps {
  sessionId: string;
  storyId: string;
  deck: Card[];
  myVoterKey: string | null;
  selected: number | null;
  hasVoted: boolean;
  disabled: boolean;
}

/**
 * The voting cards (spec part 2 section 4): each a button; arrow keys move focus, Enter/Space
 * votes, typing a card's label (e.g. 1 then 3) votes too. `?` retracts the caller's vote.
 */
export function Deck({ sessionId, storyId, deck, myVoterKey, selected, hasVoted, disabled }: DeckProps) {
  const styles = useStyles();
  const arrows = useArrowNavigationGroup({ axis: "grid-linear", circular: true, memorizeCurrent: true });
  const castVote = useCastVote(sessionId, myVoterKey);
  const handleError = useErrorHandler();
  const vote = (card: Card) => {
    if (disabled) return;
    castVote.mutate({ storyId, points: card.value }, { onError: (error) => handleError(error) });
  };
  useDeckKeys(deck, vote, !disabled);

  return (
    <div className={styles.root}>
      <Text weight="semibold">Choose your estimate</Text>
      <div className={styles.cards} role="toolbar" aria-label="Voting cards" {...arrows}>
        {deck.map((card) => {
          const isSelected = card.value === null ? false : hasVoted && selected === card.value;
          return (
            <button
              key={card.label}
              type="button"
              className={mergeClasses(styles.card, isSelected && styles.selected)}
              aria-pressed={isSelected}
              aria-label={card.value === null ? "No estimate (?)" : `Vote ${card.label}`}
              disabled={disabled}
              onClick={() => vote(card)}
              data-testid={`deck-card-${card.label}`}
            >
              {card.label}
            </button>
          );
        })}
      </div>
      <Text size={200} className={styles.hint}>
        Use arrow keys to move, Enter to vote, or type a card's value.
      </Text>
    </div>
  );
}
