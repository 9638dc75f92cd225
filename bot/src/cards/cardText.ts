import { markdownText } from "@pointwise/core/markdownText";

declare const cardMarkdownBrand: unique symbol;

/**
 * Text a card may show as Markdown (TextBlock text, Fact title and value): only `cardText`
 * and the `cardMarkdown` template make one, so no user string reaches a card unescaped.
 */
export type CardMarkdown = string & { readonly [cardMarkdownBrand]: true };

/** `{{`, which Teams reads as a DATE()/TIME() function in TextBlock text. */
const TEMPLATE_OPEN = /\{\{/g;
/** Where a bare URL or `www.` address would be linked (GFM autolinks). */
const BARE_LINK = /:\/\/|\bwww\./gi;
/** U+200B ZERO WIDTH SPACE: invisible, and neither a template brace nor part of a link. */
const ZWSP = "\u200B";

/**
 * A user-supplied string (title, description, display name, session name, criterion) as card
 * Markdown that shows exactly as typed: core's `markdownText` escapes (links, images, emphasis,
 * lists, HTML; one line), `{{` is broken so no `{{DATE(...)}}` function runs, and bare URLs
 * are broken so Teams links nothing the user typed. Links appear only where we build them
 * (Action.OpenUrl). Issue #7 "Injection and leaks in Teams cards"; Teams text formatting:
 * learn.microsoft.com/microsoftteams/platform/task-modules-and-cards/cards/cards-format.
 */
export function cardText(text: string): CardMarkdown {
  return markdownText(text)
    .replace(TEMPLATE_OPEN, `{${ZWSP}{`)
    .replace(BARE_LINK, (m) => (m === "://" ? `:${ZWSP}//` : `${m.slice(0, 3)}${ZWSP}.`)) as CardMarkdown;
}

/**
 * Card Markdown from a template of our own Markdown (`**bold**`) and values: strings are
 * escaped with `cardText`, numbers (points, counts) inserted as they are.
 * @example cardMarkdown`Your vote: **${points}**`
 */
export function cardMarkdown(strings: TemplateStringsArray, ...values: (string | number)[]): CardMarkdown {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += (typeof value === "number" ? String(value) : cardText(value)) + (strings[i + 1] ?? "");
  });
  return out as CardMarkdown;
}

/**
 * A figure that does not exist (no votes, no average, no consensus yet): an em dash and the
 * words, so a screen reader says what it means. A lone "-" is a Markdown list item, which Teams
 * draws as a bullet (issue #22).
 */
export const NONE = "— (no value)" as CardMarkdown;
