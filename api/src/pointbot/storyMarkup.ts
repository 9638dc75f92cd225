import { type JiraBlock, type JiraInline, parseJiraMarkup } from "@pointwise/core/jiraMarkup";
import { withoutDoubledWords } from "./storyText";

/** Longest description the story form accepts (spec part 1 section 5). */
export const MAX_DESCRIPTION = 5000;

/** One inline run written back as Jira markup (links keep their address). */
function inlineMarkup(inline: JiraInline): string {
  switch (inline.kind) {
    case "strong":
      return `*${inline.text}*`;
    case "emphasis":
      return `_${inline.text}_`;
    case "code":
      return `{{${inline.text}}}`;
    case "link":
      return inline.text === inline.href ? `[${inline.href}]` : `[${inline.text}|${inline.href}]`;
    default:
      return withoutDoubledWords(inline.text);
  }
}

/** Prose lines: blanks inside a line collapsed, each line trimmed, empty lines dropped. */
const tidyLines = (text: string): string =>
  text
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");

const inlinesMarkup = (inlines: readonly JiraInline[]): string => tidyLines(inlines.map(inlineMarkup).join(""));

/** One block written back as Jira markup, which the tab renders (core/jiraMarkup.ts). */
function blockMarkup(block: JiraBlock): string {
  switch (block.kind) {
    case "paragraph":
      return inlinesMarkup(block.inlines);
    case "heading":
      return `h${block.level}. ${inlinesMarkup(block.inlines)}`;
    case "code":
      return block.language
        ? `{code:${block.language}}\n${block.text}\n{code}`
        : `{noformat}\n${block.text}\n{noformat}`;
    case "quote":
      return `{quote}\n${block.blocks.map(blockMarkup).join("\n\n")}\n{quote}`;
    case "list":
      return block.items.map((item) => `${block.ordered ? "#" : "-"} ${inlinesMarkup(item)}`).join("\n");
  }
}

/**
 * A block cut to at most `room` characters: code keeps its closing marker and whole lines,
 * prose ends at a word with an ellipsis. Empty when not even a useful part fits.
 */
function cutBlock(block: string, room: number): string {
  const code = /^(\{(?:noformat|code(?::[^}]*)?|quote)\})\n([\s\S]*)\n(\{(?:noformat|code|quote)\})$/.exec(block);
  if (code) {
    const [, open = "", body = "", close = ""] = code;
    const lines = body.slice(0, Math.max(0, room - open.length - close.length - 3)).split("\n");
    lines.pop();
    return lines.length > 0 ? `${open}\n${lines.join("\n")}\n…\n${close}` : "";
  }
  const cut = block.slice(0, room - 1);
  const space = Math.max(cut.lastIndexOf(" "), cut.lastIndexOf("\n"));
  return space > room / 2 ? `${cut.slice(0, space).trimEnd()}…` : "";
}

/**
 * A story's description tidied for "Generate with PointBot" (issue #22 section 4): the same
 * text, nothing added: `{html}` bodies become text, line breaks the backlog export flattened
 * into double spaces come back, headings, lists, code and quotes keep their Jira markup (which
 * the tab renders), a leading "Description:" label and doubled words ("the the") go. Up to
 * `max` characters (default the form's 5,000): the block that does not fit is cut (code at a
 * line, prose at a word, marked "…") and the rest left out.
 */
export function tidyDescription(value: string | null | undefined, max = MAX_DESCRIPTION): string {
  if (!value || value.trim() === "" || value.trim() === "NULL") return "";
  const blocks = parseJiraMarkup(value)
    .map(blockMarkup)
    .filter((b) => b.trim() !== "");
  if (blocks[0]) blocks[0] = blocks[0].replace(/^description\s*:\s*/i, "");
  let out = "";
  for (const block of blocks.filter(Boolean)) {
    const next = out ? `${out}\n\n${block}` : block;
    if (next.length <= max) {
      out = next;
      continue;
    }
    const part = cutBlock(block, max - out.length - (out ? 2 : 0));
    return part ? (out ? `${out}\n\n${part}` : part) : out;
  }
  return out;
}
