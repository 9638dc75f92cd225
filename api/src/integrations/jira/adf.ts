/*
 * Atlassian Document Format (https://developer.atlassian.com/cloud/jira/platform/apis/document/structure/)
 * to and from the plain text of our stories (issue #12 sections 2 and 3).
 */

/** One ADF node: `doc` at the top (version 1), blocks and inline `text`. */
export interface AdfNode {
  type: string;
  version?: number;
  text?: string;
  attrs?: Record<string, unknown>;
  content?: AdfNode[];
}

const paragraph = (text: string): AdfNode =>
  text === "" ? { type: "paragraph", content: [] } : { type: "paragraph", content: [{ type: "text", text }] };

/**
 * An issue description: the story's description, one paragraph per blank-line-separated block
 * (line breaks kept as hardBreak), then, when there are criteria, a level-3 heading "Acceptance
 * criteria" and a bullet list of them. Blank criteria are left out.
 */
export function storyToAdf(description: string | null, acceptanceCriteria: readonly string[]): AdfNode {
  const content: AdfNode[] = [];
  for (const block of (description ?? "").split(/\n\s*\n/)) {
    const lines = block.split("\n").map((l) => l.trimEnd());
    if (lines.every((l) => l.trim() === "")) continue;
    const inline: AdfNode[] = [];
    lines.forEach((line, i) => {
      if (i > 0) inline.push({ type: "hardBreak" });
      if (line !== "") inline.push({ type: "text", text: line });
    });
    content.push({ type: "paragraph", content: inline });
  }
  const criteria = acceptanceCriteria.map((c) => c.trim()).filter((c) => c !== "");
  if (criteria.length > 0) {
    content.push({ type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Acceptance criteria" }] });
    content.push({ type: "bulletList", content: criteria.map((c) => ({ type: "listItem", content: [paragraph(c)] })) });
  }
  return { type: "doc", version: 1, content };
}

const BLOCKS = new Set(["paragraph", "heading", "blockquote", "codeBlock", "panel", "rule", "mediaSingle", "table"]);

/**
 * Plain text of an ADF document: blocks separated by a blank line, list items as "- item"
 * lines (ordered lists "1. item"), hardBreak as a line break, mentions and emoji by their text.
 * Anything not a document answers "" (Jira sends null for an empty description).
 */
export function adfToText(node: unknown): string {
  if (!node || typeof node !== "object") return typeof node === "string" ? node : "";
  const blocks: string[] = [];
  const walk = (n: AdfNode, out: string[]) => {
    for (const child of n.content ?? []) {
      if (child.type === "bulletList" || child.type === "orderedList") {
        const lines: string[] = [];
        (child.content ?? []).forEach((item, i) => {
          const text = inlineText(item).trim();
          lines.push(`${child.type === "orderedList" ? `${i + 1}.` : "-"} ${text}`);
        });
        out.push(lines.join("\n"));
      } else if (BLOCKS.has(child.type) || child.type === "tableRow") {
        out.push(inlineText(child).trim());
      } else {
        walk(child, out);
      }
    }
  };
  walk(node as AdfNode, blocks);
  return blocks.filter((b) => b !== "").join("\n\n");
}

/** The text of inline nodes (and nested blocks, joined by line breaks). */
function inlineText(node: AdfNode): string {
  if (node.type === "text") return node.text ?? "";
  if (node.type === "hardBreak") return "\n";
  if (node.type === "mention" || node.type === "emoji") return String(node.attrs?.text ?? "");
  if (node.type === "inlineCard") return String(node.attrs?.url ?? "");
  const parts = (node.content ?? []).map(inlineText);
  const nestedBlocks = (node.content ?? []).some((c) => BLOCKS.has(c.type) || c.type.endsWith("List"));
  return parts.join(nestedBlocks ? "\n" : "");
}
