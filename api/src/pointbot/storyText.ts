import { jiraToPlainText } from "@pointwise/core/jiraMarkup";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/**
 * A story's description as plain text: `{html}` blocks lose their tags and entities, Jira
 * markup ({code}, {noformat}, h1., *bold*) becomes text, runs of blanks collapse. The backlogs
 * in ../shared/data/storypoints hold all three forms; "NULL" is an empty description.
 */
export function plainStoryText(value: string | null | undefined): string {
  if (!value || value.trim() === "" || value.trim() === "NULL") return "";
  let text = value.replace(/\{html\}/gi, "");
  text = text
    .replace(/<\s*(br|\/p|\/li|\/div|\/h\d)\s*\/?>/gi, "\n")
    .replace(/<li[^>]*>/gi, "\n- ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_m, name: string) => ENTITIES[name] ?? "");
  try {
    text = jiraToPlainText(text);
  } catch {
    /* keep the text as it is */
  }
  return text
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*\n+/g, "\n")
    .trim();
}

/** Abbreviations whose period ends no sentence ("e.g. exceeding the limit" is one sentence). */
const ABBREVIATIONS = /\b(e\.g|i\.e|etc|vs|approx|incl|esp|cf|viz|resp|fig)\.(?=\s)/gi;
const HELD_PERIOD = "\u2024";

/** The sentences of a text (split on . ! ? and line breaks, not after "e.g." or "i.e."), trimmed, without empties. */
export function sentencesOf(text: string): string[] {
  return text
    .replace(ABBREVIATIONS, (m) => m.replaceAll(".", HELD_PERIOD))
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) =>
      s
        .replaceAll(HELD_PERIOD, ".")
        .replace(/^[-*#\s]+/, "")
        .trim(),
    )
    .filter((s) => s.length > 0);
}

/**
 * A text's comparison key: lower case, punctuation and quotes dropped, blanks collapsed. Two
 * criteria with the same key say the same thing ("Shows 404." and "shows 404").
 */
export const comparisonKey = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Values without duplicates by {@link comparisonKey}, first spelling kept, in order. */
export function uniqueByKey(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = comparisonKey(value);
    if (key === "" || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/**
 * A word typed twice in a row ("the the") written once. "that that" and "had had" are good
 * English and stay; only letters count as words, so "1 1" or "| |" stay too.
 */
export const withoutDoubledWords = (text: string): string =>
  text.replace(/\b(\p{L}+)(?:\s+\1\b)+/giu, (run, word: string) =>
    ["that", "had"].includes(word.toLowerCase()) ? run : word,
  );

/** Number of words in a text. */
export const wordCount = (text: string): number => (text.match(/[\p{L}\p{N}][\p{L}\p{N}'_-]*/gu) ?? []).length;

/** Text cut to `max` characters at a word boundary, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** Values without duplicates (case-insensitive), first spelling kept, in order. */
export function uniqueCaseless(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = value.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}
