import {
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  shorthands,
  Text,
  tokens,
  useArrowNavigationGroup,
} from "@fluentui/react-components";
import { type Card, COFFEE_LABEL } from "@pointwise/core/decks";
import { useId } from "react";
import { PENDING_VOTE_TEXT } from "../../api/pendingVote";
import { useLiveState } from "../../api/useLiveSession";
import { useCastVote } from "../../api/voteMutations";
import { useErrorHandler } from "../../errors/useErrorHandler";
import { useDeckKeys } from "./useDeckKeys";

/** Hidden from sight, read by screen readers (the usual clip pattern). */
const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

const useStyles = makeStyles({
  root: { position: "relative", display: "flex", flexDirection: "column", gap: "8px" },
  cards: { display: "flex", flexWrap: "wrap", gap: "8px", "@media (max-width: 767.98px)": { gap: "6px" } },
  card: {
    width: "48px",
    height: "68px",
    "@media (max-width: 767.98px)": { width: "44px", height: "56px", fontSize: tokens.fontSizeBase400 },
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
  // In the round's dock the cards speak for themselves: label and hint stay for screen readers only.
  label: visuallyHidden,
  hint: visuallyHidden,
  /** A vote waiting for the connection (issue #8 section 5): dashed and faded until sent. */
  pending: {
    ...shorthands.borderStyle("dashed"),
    ...shorthands.borderColor(tokens.colorNeutralForeground1),
    opacity: 0.75,
  },
});

/**
 * Props of Deck: `selected` is the caller's own points (null: `?`, coffee or no vote); `coffee`
 * true when the caller's vote is the coffee card.
 */
export interface DeckProps {
  sessionId: string;
  storyId: string;
  deck: Card[];
  myVoterKey: string | null;
  selected: number | null;
  hasVoted: boolean;
  coffee?: boolean;
  disabled: boolean;
}

/** A card's accessible name: "Vote 5", "No estimate (?)", or the coffee card's "I need a break". */
const cardName = (card: Card): string => {
  if (card.coffee) return COFFEE_LABEL;
  return card.value === null ? "No estimate (?)" : `Vote ${card.label}`;
};

/**
 * The voting cards (spec part 2 section 4): each a button; arrow keys move focus, Enter/Space
 * votes, typing a card's label (e.g. 1 then 3) votes too. `?` retracts the caller's vote; ☕
 * asks for a break, shown to everyone and never counted as a vote (issue #8 section 4).
 */
export function Deck({ sessionId, storyId, deck, myVoterKey, selected, hasVoted, coffee, disabled }: DeckProps) {
  const styles = useStyles();
  const hintId = useId();
  const arrows = useArrowNavigationGroup({ axis: "grid-linear", circular: true, memorizeCurrent: true });
  const castVote = useCastVote(sessionId, myVoterKey);
  const handleError = useErrorHandler();
  // A vote made while the connection is down waits to be sent (issue #8 section 5).
  const queued = useLiveState(sessionId).pendingVote;
  const pending = queued?.storyId === storyId ? queued : null;
  const vote = (card: Card) => {
    if (disabled) return;
    const points = card.coffee ? "coffee" : card.value;
    castVote.mutate({ storyId, points }, { onError: (error) => handleError(error) });
  };
  useDeckKeys(deck, vote, !disabled);

  return (
    <div className={styles.root}>
      <Text weight="semibold" className={styles.label}>
        Choose your estimate
      </Text>
      <div className={styles.cards} role="toolbar" aria-label="Voting cards" aria-describedby={hintId} {...arrows}>
        {deck.map((card) => {
          const isSelected = pending
            ? card.coffee
              ? pending.points === "coffee"
              : card.value !== null && pending.points === card.value
            : card.coffee
              ? hasVoted && coffee === true
              : card.value !== null && hasVoted && !coffee && selected === card.value;
          return (
            <button
              key={card.label}
              type="button"
              className={mergeClasses(
                styles.card,
                isSelected && styles.selected,
                isSelected && pending !== null && styles.pending,
              )}
              aria-pressed={isSelected}
              aria-label={cardName(card)}
              title={card.coffee ? COFFEE_LABEL : undefined}
              disabled={disabled}
              onClick={() => vote(card)}
              data-testid={`deck-card-${card.label}`}
              data-pending={isSelected && pending ? "true" : undefined}
            >
              {card.label}
            </button>
          );
        })}
      </div>
      {pending ? (
        <MessageBar intent="info" data-testid="pending-vote">
          <MessageBarBody>{PENDING_VOTE_TEXT}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Text size={200} className={styles.hint} id={hintId}>
        Use arrow keys to move, Enter to vote, or type a card's value.
      </Text>
    </div>
  );
}
