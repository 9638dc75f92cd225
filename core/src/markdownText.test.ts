import { markdownText } from "./markdownText";

/** Removes CommonMark backslash escapes: what a renderer shows for escaped text. */
const shown = (md: string) => md.replace(/\\([!-/:-@[-`{-~])/g, "$1");

/** [what was typed, the Markdown written for it]. */
const CASES: [string, string, string][] = [
  ["a link", "[Admin](https://evil.example)", "\\[Admin\\](https://evil.example)"],
  ["a javascript: link", "[click](javascript:alert(1))", "\\[click\\](javascript:alert(1))"],
  ["an image", "![x](https://evil.example/p.png)", "!\\[x\\](https://evil.example/p.png)"],
  ["an autolink", "<https://evil.example>", "\\<https://evil.example\\>"],
  ["raw HTML", "<img src=x onerror=alert(1)>", "\\<img src=x onerror=alert(1)\\>"],
  [
    "emphasis, code, tables, strikethrough, backslashes",
    "**bold** _it_ `code` a|b ~~no~~ C:\\dir",
    "\\*\\*bold\\*\\* \\_it\\_ \\`code\\` a\\|b \\~\\~no\\~\\~ C:\\\\dir",
  ],
  ["a heading", "# Heading", "\\# Heading"],
  ["a bullet", "- item", "\\- item"],
  ["a plus bullet", "+ item", "\\+ item"],
  ["a quote", "> quote", "\\> quote"],
  ["an ordered list", "1. first", "1\\. first"],
  ["an indented ordered list", "  12) twelve", "  12\\) twelve"],
  ["block markers mid-text (left alone)", "Story 1. part - two #3", "Story 1. part - two #3"],
  ["line breaks", "a\nb\r\nc\u2028d", "a b c d"],
  ["markers after line breaks", "x\n# y\n- z", "x # y - z"],
  ["entity references", "&lt;b&gt; &amp; & fish", "\\&lt;b\\&gt; \\&amp; & fish"],
];

describe("markdownText (issue #7: user text in Markdown)", () => {
  it.each(CASES)("escapes %s", (_what, typed, written) => {
    expect(markdownText(typed)).toBe(written);
  });

  it("shows exactly the text typed (on one line) once escapes are read", () => {
    for (const [, typed] of CASES) {
      expect(shown(markdownText(typed))).toBe(typed.replace(/\r\n|[\n\r\u2028]/g, " "));
    }
  });
});
