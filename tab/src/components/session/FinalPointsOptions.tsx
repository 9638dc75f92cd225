import type { Card } from "@pointwise/core/decks";

/**
 * The `<option>`s of a Final points select: every deck card with a value (`?` and ☕ are not
 * estimates; spec part 2 section 4), labelled as the deck shows it, valued as stored.
 */
export function FinalPointsOptions({ deck }: { deck: Card[] }) {
  return (
    <>
      {deck
        .filter((c) => c.value !== null)
        .map((c) => (
          <option key={c.label} value={String(c.value)}>
            {c.label}
          </option>
        ))}
    </>
  );
}
