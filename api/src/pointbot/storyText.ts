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

/** The sentences of a text (split on . ! ? and line breaks), trimmed, without empties. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^[-*#\s]+/, "").trim())
    .filter((s) => s.length > 0);
}

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
