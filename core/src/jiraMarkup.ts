/**
 * Jira wiki markup in story descriptions, read into a small block structure that the tab renders
 * with plain elements (never as HTML): issue #8 section 6, "The screens on every device".
 *
 * Understood: `{noformat}`, `{code}` / `{code:java}` (code blocks), `{quote}` and `bq.` (quotes),
 * `{html}` (its tags stripped, text kept), `{panel}` (wrapper dropped), `h1.`-`h6.` headings,
 * `#` / `*` / `-` lists (nested levels flattened), `*bold*`, `_italic_`, `{{monospace}}`,
 * `[text|url]` and `[url]` links (http, https and mailto only; other targets stay text),
 * `{color:…}` (dropped), `----` (dropped). Anything else stays text as typed.
 */

/** A run of inline text. `link.href` is always an http(s) or mailto URL. */
export type JiraInline =
  | { kind: "text"; text: string }
  | { kind: "strong"; text: string }
  | { kind: "emphasis"; text: string }
  | { kind: "code"; text: string }
  | { kind: "link"; text: string; href: string };

/** A block of a description. Paragraph inlines keep their line breaks (`\n`) inside text. */
export type JiraBlock =
  | { kind: "paragraph"; inlines: JiraInline[] }
  | { kind: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; inlines: JiraInline[] }
  | { kind: "code"; text: string; language: string | null }
  | { kind: "quote"; blocks: JiraBlock[] }
  | { kind: "list"; ordered: boolean; items: JiraInline[][] };

/** Block macros with a closing tag: `{name}` or `{name:params}` … `{name}`. */
const BLOCK_MACRO = /\{(noformat|code|quote|html|panel)(?::([^}]*))?\}/gi;
const HEADING = /^\s*h([1-6])\.\s+(.*)$/;
const LIST_ITEM = /^\s*([#*]+|-)\s+(.*)$/;
const QUOTE_LINE = /^\s*bq\.\s+(.*)$/;
const RULE = /^\s*-{4,}\s*$/;
/**
 * Inline markup, earliest match wins: {{mono}}, [text|url], [url], *strong*, _emphasis_, {color}.
 * Strong and emphasis need a non-space after the opening and before the closing mark and no
 * word character around them (so `a*b*c`, `snake_case_name` and `2 * 3 * 4` stay text).
 */
const INLINE =
  /\{\{(.+?)\}\}|\[([^\][|\n]+)\|([^\]\s]+)\]|\[((?:https?:\/\/|mailto:)[^\]\s]+)\]|(?<![\w*])\*(?=\S)([^*\n]*?[^\s*])\*(?![\w*])|(?<![\w_])_(?=\S)([^_\n]*?[^\s_])_(?![\w_])|\{color(?::[^}]*)?\}/g;

/** True for an http, https or mailto URL (what a description link may point to). */
export function isSafeLinkTarget(href: string): boolean {
  return /^(?:https?:\/\/[^\s/]|mailto:[^\s])/i.test(href);
}

/**
 * Line breaks of a description that has none but uses runs of spaces where they were: the
 * story-point dataset (../shared/data/storypoints) stored each line break as two spaces. Only
 * applied when the text has no `\n` at all; a run of 2-3 spaces becomes one line break, 4 or
 * more a blank line.
 */
function restoreFlattenedLines(text: string): string {
  if (text.includes("\n") || !/ {2}/.test(text)) return text;
  return text.replace(/ {2,}/g, (run) => (run.length >= 4 ? "\n\n" : "\n"));
}

/** Strips HTML tags from a `{html}` block, keeping the text (block ends become line breaks). */
function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/(?:p|div|li|h[1-6]|pre|tr)>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

/** Reads inline markup of one piece of text (line breaks kept in the text runs). */
export function parseJiraInline(text: string): JiraInline[] {
  const out: JiraInline[] = [];
  const pushText = (t: string) => {
    if (t === "") return;
    const last = out[out.length - 1];
    if (last?.kind === "text") last.text += t;
    else out.push({ kind: "text", text: t });
  };
  let at = 0;
  for (const m of text.matchAll(INLINE)) {
    const index = m.index ?? 0;
    pushText(text.slice(at, index));
    at = index + m[0].length;
    const [, mono, linkText, linkHref, bareUrl, strong, emphasis] = m;
    if (mono !== undefined) out.push({ kind: "code", text: mono });
    else if (linkText !== undefined && linkHref !== undefined) {
      if (isSafeLinkTarget(linkHref)) out.push({ kind: "link", text: linkText.trim(), href: linkHref });
      else pushText(linkText);
    } else if (bareUrl !== undefined) out.push({ kind: "link", text: bareUrl, href: bareUrl });
    else if (strong !== undefined) out.push({ kind: "strong", text: strong });
    else if (emphasis !== undefined) out.push({ kind: "emphasis", text: emphasis });
    // {color} tags: dropped.
  }
  pushText(text.slice(at));
  return out;
}

/** Reads lines (no block macros left) into headings, lists, quotes and paragraphs. */
function parseLines(text: string, blocks: JiraBlock[]): void {
  let paragraph: string[] = [];
  const state: { list: { ordered: boolean; items: JiraInline[][] } | null } = { list: null };
  const flushParagraph = () => {
    const joined = paragraph.join("\n").trim();
    if (joined !== "") blocks.push({ kind: "paragraph", inlines: parseJiraInline(joined) });
    paragraph = [];
  };
  const flushList = () => {
    if (state.list) blocks.push({ kind: "list", ordered: state.list.ordered, items: state.list.items });
    state.list = null;
  };
  for (const line of text.split("\n")) {
    const heading = HEADING.exec(line);
    const item = heading ? null : LIST_ITEM.exec(line);
    const quote = heading || item ? null : QUOTE_LINE.exec(line);
    if (heading || quote || RULE.test(line) || line.trim() === "") {
      flushParagraph();
      flushList();
      if (heading) {
        const level = Number(heading[1]) as 1 | 2 | 3 | 4 | 5 | 6;
        blocks.push({ kind: "heading", level, inlines: parseJiraInline((heading[2] ?? "").trim()) });
      } else if (quote) {
        blocks.push({ kind: "quote", blocks: [{ kind: "paragraph", inlines: parseJiraInline(quote[1] ?? "") }] });
      }
      continue;
    }
    if (item) {
      flushParagraph();
      const ordered = (item[1] ?? "").endsWith("#");
      if (state.list?.ordered !== ordered) flushList();
      state.list ??= { ordered, items: [] };
      state.list.items.push(parseJiraInline((item[2] ?? "").trim()));
      continue;
    }
    // A plain line ends a list (as in Jira).
    flushList();
    paragraph.push(line);
  }
  flushParagraph();
  flushList();
}

/** Strips the leading and trailing blank lines of a code block, keeping its indentation. */
function trimBlankLines(text: string): string {
  return text.replace(/^\s*\n/, "").replace(/\n\s*$/, "");
}

/** Reads block macros ({noformat}, {code}, {quote}, {html}, {panel}) and the lines between them. */
function parseBlocks(text: string, blocks: JiraBlock[]): void {
  let at = 0;
  const opening = new RegExp(BLOCK_MACRO.source, "gi");
  for (;;) {
    opening.lastIndex = at;
    const m = opening.exec(text);
    if (!m) break;
    const name = (m[1] ?? "").toLowerCase();
    const params = m[2] ?? null;
    parseLines(text.slice(at, m.index), blocks);
    const bodyStart = m.index + m[0].length;
    const closing = new RegExp(`\\{${name}\\}`, "i");
    const rest = text.slice(bodyStart);
    const close = closing.exec(rest);
    const body = close ? rest.slice(0, close.index) : rest;
    at = close ? bodyStart + close.index + close[0].length : text.length;
    if (name === "noformat" || name === "code") {
      const language = name === "code" && params ? (params.split("|")[0] ?? "").trim() || null : null;
      const code = trimBlankLines(body);
      if (code.trim() !== "")
        blocks.push({ kind: "code", text: code, language: language?.includes("=") ? null : language });
    } else if (name === "quote") {
      const inner: JiraBlock[] = [];
      parseBlocks(body, inner);
      if (inner.length > 0) blocks.push({ kind: "quote", blocks: inner });
    } else if (name === "html") {
      parseLines(htmlToText(body), blocks);
    } else {
      parseBlocks(body, blocks);
    }
  }
  parseLines(text.slice(at), blocks);
}

/**
 * Reads a story description written in Jira wiki markup (or plain text, which comes back as
 * paragraphs) into blocks. Never throws; `\r\n` is read as `\n`. Text whose line breaks were
 * flattened into double spaces (the story-point dataset) gets them back first.
 * @param text the description as stored (at most 5,000 characters, imports included)
 */
export function parseJiraMarkup(text: string): JiraBlock[] {
  const blocks: JiraBlock[] = [];
  parseBlocks(restoreFlattenedLines(text.replace(/\r\n?/g, "\n")), blocks);
  return blocks;
}

/** The text of inline runs without markup. */
export function jiraInlineText(inlines: readonly JiraInline[]): string {
  return inlines.map((i) => i.text).join("");
}

/**
 * A description as plain text without Jira markup: blocks separated by blank lines, list items
 * as "- " (or "1. ") lines, code as is. For places that cannot show structure.
 */
export function jiraToPlainText(text: string): string {
  const render = (blocks: readonly JiraBlock[]): string =>
    blocks
      .map((b) => {
        switch (b.kind) {
          case "paragraph":
          case "heading":
            return jiraInlineText(b.inlines);
          case "code":
            return b.text;
          case "quote":
            return render(b.blocks);
          case "list":
            return b.items.map((item, i) => `${b.ordered ? `${i + 1}.` : "-"} ${jiraInlineText(item)}`).join("\n");
          default:
            return "";
        }
      })
      .join("\n\n");
  return render(parseJiraMarkup(text));
}
