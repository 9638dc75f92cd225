import { createSessionSchema } from "./sessionSchemas";
import { createStorySchema } from "./storySchemas";
import { hasNul, noNulMessage, text, wellFormed } from "./text";

describe("text (core/text): the one rule for free text", () => {
  it("refuses NUL with the field's message", () => {
    const result = text("Title").safeParse("Sprint\u0000 9");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Title must not contain NUL characters");
    expect(noNulMessage("Display name")).toBe("Display name must not contain NUL characters");
    expect(hasNul("a\u0000")).toBe(true);
    expect(hasNul("a")).toBe(false);
  });

  it("turns lone surrogates into U+FFFD and keeps pairs", () => {
    expect(wellFormed("a\ud800b")).toBe("a\ufffdb");
    expect(wellFormed("\udc00")).toBe("\ufffd");
    expect(wellFormed("\ud83d\ude00")).toBe("\ud83d\ude00");
    expect(wellFormed("\ud83d\ud83d\ude00")).toBe("\ufffd\ud83d\ude00");
    expect(text("Title").trim().max(5).parse(" x\ud800 ")).toBe("x\ufffd");
  });

  it("is used by the shared schemas, nested and in lists", () => {
    const session = createSessionSchema.safeParse({ title: "ok", description: "bad\u0000" });
    expect(session.success).toBe(false);
    expect(session.error?.issues[0]?.message).toBe("Description must not contain NUL characters");
    const story = createStorySchema.safeParse({ title: "ok", acceptanceCriteria: ["fine", "no\u0000"] });
    expect(story.error?.issues[0]?.message).toBe("Acceptance criteria must not contain NUL characters");
    expect(createStorySchema.parse({ title: "ok", acceptanceCriteria: ["x\udfff"] }).acceptanceCriteria).toEqual([
      "x\ufffd",
    ]);
  });
});
