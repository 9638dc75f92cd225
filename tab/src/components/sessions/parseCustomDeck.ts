import { hasOneDecimal } from "@pointwise/core/decks";

/**
 * The leader's custom deck from "1, 2.5, 3" text: numbers 0-999 with at most one decimal place
 * (issue #8 section 4), sorted and de-duplicated. Returns null when any entry is not such a
 * number or fewer than 2 remain.
 */
export function parseCustomDeck(text: string): number[] | null {
  const parts = text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  const numbers = parts.map(Number);
  if (numbers.some((n) => !hasOneDecimal(n) || n < 0 || n > 999)) return null;
  const unique = [...new Set(numbers)].sort((a, b) => a - b);
  return unique.length >= 2 ? unique : null;
}
