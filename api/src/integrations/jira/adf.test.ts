import { adfToText, storyToAdf } from "./adf";

describe("Atlassian Document Format (issue #12 sections 2 and 3)", () => {
  it("turns a description and criteria into paragraphs, a heading and a bullet list", () => {
    expect(storyToAdf("Line one\nline two\n\nSecond", ["  A  ", "", "B"])).toEqual({
      type: "doc",
      version: 1,
      content: [
        {
          type: "paragraph",
          content: [{ type: "text", text: "Line one" }, { type: "hardBreak" }, { type: "text", text: "line two" }],
        },
        { type: "paragraph", content: [{ type: "text", text: "Second" }] },
        { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Acceptance criteria" }] },
        {
          type: "bulletList",
          content: [
            { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "A" }] }] },
            { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "B" }] }] },
          ],
        },
      ],
    });
    expect(storyToAdf(null, [])).toEqual({ type: "doc", version: 1, content: [] });
  });

  it("reads text back from ADF, lists as lines, and nothing from null", () => {
    const doc = storyToAdf("Line one\nline two\n\nSecond", ["A", "B"]);
    expect(adfToText(doc)).toBe("Line one\nline two\n\nSecond\n\nAcceptance criteria\n\n- A\n- B");
    expect(
      adfToText({
        type: "doc",
        version: 1,
        content: [
          {
            type: "orderedList",
            content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "x" }] }] }],
          },
          { type: "paragraph", content: [{ type: "mention", attrs: { text: "@Pat" } }] },
        ],
      }),
    ).toBe("1. x\n\n@Pat");
    expect(adfToText(null)).toBe("");
  });
});
