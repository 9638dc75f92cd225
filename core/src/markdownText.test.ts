import { markdownText } from "./markdownText";

/** Removes CommonMark backslash escapes: what a renderer shows for escaped text. */
const shown = (md: string) => md.replace(/\\([!-/:-@[-`{-~])/g, "$1");

describe("markdownText (issue #7: user text in Markdown)", () => {
  it("escapes links, images and javascript: links so they stay text", () => {
    expect(markdownText("[Admin](https://evil.example)")).toBe("\\[Admin\\](https://evil.example)");
    expect(markdownText("[click](javascript:alert(1))")).toBe("\\[click\\](javascript:alert(1))");
    expect(markdownText("![x](https://evil.example/p.png)")).toBe("!\\[x\\](https://evil.example/p.png)");
    expect(markdownText("<https://evil.example>")).toBe("\\<https://evil.example\\>");
    expect(markdownText("<img src=x onerror=alert(1)>")).toBe("\\<img src=x onerror=alert(1)\\>");
  });

  it("escapes emphasis, code, tables, strikethrough and backslashes anywhere", () => {
    expect(markdownText("**bold** _it_ `code` a|b ~~no~~ C:\\dir")).toBe(
      "\\*\\*bold\\*\\* \\_it\\_ \\`code\\` a\\|b \\~\\~no\\~\\~ C:\\\\dir",
    );
  });

  it("escapes block markers only at the start, and ordered-list numbers", () => {
    expect(markdownText("# Heading")).toBe("\\# Heading");
    expect(markdownText("- item")).toBe("\\- item");
    expect(markdownText("+ item")).toBe("\\+ item");
    expect(markdownText("> quote")).toBe("\\> quote");
    expect(markdownText("1. first")).toBe("1\\. first");
    expect(markdownText("  12) twelve")).toBe("  12\\) twelve");
    expect(markdownText("Story 1. part - two #3")).toBe("Story 1. part - two #3");
  });

  it("puts everything on one line and keeps entity references literal", () => {
    expect(markdownText("a\nb\r\nc\u2028d")).toBe("a b c d");
    expect(markdownText("x\n# y\n- z")).toBe("x # y - z");
    expect(markdownText("&lt;b&gt; &amp; & fish")).toBe("\\&lt;b\\&gt; \\&amp; & fish");
  });

  it("shows exactly the text typed once escapes are read", () => {
    const hostile = [
      "[Admin](https://evil.example)",
      "[click](javascript:alert(1))",
      "**5** \\*x\\* `y`",
      "1) one",
      "a | b | c",
      "<script>alert(1)</script>",
      "Ann_Lee *",
    ];
    for (const text of hostile) expect(shown(markdownText(text))).toBe(text);
  });
});
