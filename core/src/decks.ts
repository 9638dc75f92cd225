/**
 * Decks per estimation scale. Source: DESIGN.md "Decisions": fibonacci 1,2,3,5,8,13,21;
 * tshirt XS..XXL stored as 1,2,3,5,8,13; linear 1-10; powers 1..64; custom: the leader's
 * numbers. Every deck ends with `?`, which saves no estimate. Points are numbers 0-999 with
 * at most one decimal place. Issue #8 section 4: numeric decks also offer `0` and `½` (0.5),
 * and every deck (t-shirt too) ends with the coffee card (☕, "I need a break").
 */
export const ESTIMATION_SCALES = ["fibonacci", "tshirt", "linear", "powers", "custom"] as const;

/** One of the five estimation scales (spec part 1 section 3, "Enumerations"). */
export type EstimationScale = (typeof ESTIMATION_SCALES)[number];

/**
 * A card of a deck: `value` is the stored points, or null for `?` (no estimate) and for the
 * coffee card (`coffee: true`, a break request that is never counted as a vote).
 */
export interface Card {
  value: number | null;
  label: string;
  coffee?: true;
}

/** The `?` card every deck ends with; choosing it clears the caller's vote. */
export const UNKNOWN_CARD: Card = { value: null, label: "?" };

/**
 * The coffee card every deck ends with (issue #8 section 4): "I need a break", shown to
 * everyone as a break request, never counted in averages or in the voted count.
 */
export const COFFEE_CARD: Card = { value: null, label: "☕", coffee: true };

/** The accessible name and tooltip of the coffee card. */
export const COFFEE_LABEL = "I need a break";

/** Cards every numeric deck offers besides its own values (issue #8 section 4). */
const LOW_VALUES: readonly number[] = [0, 0.5];

/** True when `points` has at most one decimal place (0.5 yes, 0.25 no). */
export function hasOneDecimal(points: number): boolean {
  return Number.isFinite(points) && Math.abs(Math.round(points * 10) - points * 10) < 1e-9;
}

const TSHIRT: Card[] = [
  { value: 1, label: "XS" },
  { value: 2, label: "S" },
  { value: 3, label: "M" },
  { value: 5, label: "L" },
  { value: 8, label: "XL" },
  { value: 13, label: "XXL" },
];

/** `0.5` prints as `½`; other values as numbers. */
const numberLabel = (value: number): string => (value === 0.5 ? "½" : String(value));

const numeric = (values: readonly number[]): Card[] =>
  [...new Set([...LOW_VALUES, ...values])].sort((a, b) => a - b).map((value) => ({ value, label: numberLabel(value) }));

/** The default custom deck when a leader picks `custom` and names no numbers. */
export const DEFAULT_CUSTOM_DECK: readonly number[] = [0, 1, 2, 3, 5, 8, 13, 20, 40, 100];

/**
 * The cards of a session's deck: numeric decks start with 0 and ½, then `?`, then ☕ last.
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
      cards = numeric(chosen);
      break;
    }
  }
  return [...cards, UNKNOWN_CARD, COFFEE_CARD];
}

/** True when `points` is a card of the deck (the `?` card is not a storable value). */
export function isInDeck(deck: readonly Card[], points: number): boolean {
  return deck.some((card) => card.value === points);
}

/** True when the deck is the t-shirt deck (sizes, not numbers): results show a median size, no totals. */
export function isSizeDeck(scale: EstimationScale): boolean {
  return scale === "tshirt";
}

/** The label of stored points in a deck, e.g. 3 -> "M" on tshirt; unknown values print as numbers. */
export function cardLabel(deck: readonly Card[], points: number | null): string {
  if (points === null) return "?";
  return deck.find((card) => card.value === points)?.label ?? numberLabel(points);
}
