/**
 * Characters that start or end inline Markdown wherever they stand (CommonMark 0.31 section
 * 2.4: any ASCII punctuation may be backslash-escaped): backslash, emphasis `*` `_`, code
 * `` ` ``, links and images `[` `]`, autolinks and raw HTML `<` `>`, GFM tables `|` and
 * strikethrough `~`.
 */
const INLINE_SPECIALS = /[\\*_`[\]<>|~]/g;
/** An entity reference (`&amp;`, `&#60;`), which CommonMark would decode. */
const ENTITY = /&(?=#?[0-9A-Za-z]+;)/g;
/** Line breaks, Unicode's too: one line keeps a table row and a card line whole. */
const LINE_BREAKS = /\r\n|[\n\r\u2028\u2029\v\f]/g;
/**
 * A block marker at the start of the text: heading `#`, list `-` `+`, quote `>`, setext
 * underline `=`, or an ordered list `1.` / `1)` (whose `.` or `)` is escaped).
 */
const BLOCK_START = /^(\s*)(?:([#+=>-])|(\d{1,9})([.)]))/;

/**
 * Plain text as CommonMark/GFM inline text that renders exactly as typed: every character
 * that could start Markdown (links, images, emphasis, code, HTML, tables, a list or heading at
 * the start) is backslash-escaped, entity references are broken, and line breaks become
 * spaces (one line). For user-supplied strings (titles, display names) placed into Markdown:
 * Teams Adaptive Cards (bot/src/cards/cardText.ts adds the card-only rules) and the results
 * export (tab resultsMarkdown). Issue #7 "Injection and leaks in Teams cards".
 * @param text any string; the result is at most twice as long
 */
export function markdownText(text: string): string {
  const escaped = text
    .replace(LINE_BREAKS, " ")
    .replace(INLINE_SPECIALS, (ch) => `\\${ch}`)
    .replace(ENTITY, "\\&");
  return escaped.replace(BLOCK_START, (_all, space: string, marker?: string, digits?: string, dot?: string) =>
    marker ? `${space}\\${marker}` : `${space}${digits}\\${dot}`,
  );
}
