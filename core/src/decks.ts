/**
 * Decks per estimation scale. Source: DESIGN.md "Decisions": fibonacci 1,2,3,5,8,13,21;
 * tshirt XS..XXL stored as 1,2,3,5,8,13; linear 1-10; powers 1..64; custom: the leader's
 * numbers. Every deck ends with `?`, which saves no estimate. Points are numbers 0-999.
 */
export const ESTIMATION_SCALES = ["fibonacci", "tshirt", "linear", "powers", "custom"] as const;

/** One of the five estimation scales (spec part 1 section 3, "Enumerations"). */
export type EstimationScale = (typeof ESTIMATION_SCALES)[number];

/** A card of a deck: `value` is the stored points, or null for `?` (no estimate). */
export interface Card {
  value: number | null;
  label: string;
}

/** The `?` card every deck ends with; choosing it clears the caller's vote. */
export const UNKNOWN_CARD: Card = { value: null, label: "?" };

const TSHIRT: Card[] = [
  { value: 1, label: "XS" },
  { value: 2, label: "S" },
  { value: 3, label: "M" },
  { value: 5, label: "L" },
  { value: 8, label: "XL" },
  { value: 13, label: "XXL" },
];

const numeric = (values: readonly number[]): Card[] => values.map((value) => ({ value, label: String(value) }));

/** The default custom deck when a leader picks `custom` and names no numbers. */
export const DEFAULT_CUSTOM_DECK: readonly number[] = [0, 1, 2, 3, 5, 8, 13, 20, 40, 100];

/**
 * The cards of a session's deck, `?` last.
 * @param scale the session's estimation scale
 * @param customDeck the leader's numbers, used only for `custom` (sorted, de-duplicated)
 */
export function deckFor(scale: EstimationScale, customDeck?: readonly number[] | null): Card[] {
  let cards: Card[];
  switch (scale) {
    case "fibonacci":
      cards = numeric([1, 2, 3, 5, 8, 13, 21]);
      break;
    case "tshirt":
      cards = TSHIRT;
      break;
    case "linear":
      cards = numeric([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      break;
    case "powers":
      cards = numeric([1, 2, 4, 8, 16, 32, 64]);
      break;
    case "custom": {
      const chosen = customDeck && customDeck.length > 0 ? customDeck : DEFAULT_CUSTOM_DECK;
      cards = numeric([...new Set(chosen)].sort((a, b) => a - b));
      break;
    }
  }
  return [...cards, UNKNOWN_CARD];
}

/** True when `points` is a card of the deck (the `?` card is not a storable value). */
export function isInDeck(deck: readonly Card[], points: number): boolean {
  return deck.some((card) => card.value === points);
}

/** The label of stored points in a deck, e.g. 3 -> "M" on tshirt; unknown values print as numbers. */
export function cardLabel(deck: readonly Card[], points: number | null): string {
  if (points === null) return "?";
  return deck.find((card) => card.value === points)?.label ?? String(points);
}
