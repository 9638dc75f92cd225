import { sessionCounterTone } from "./sessionCounter";

describe("sessionCounterTone (spec part 1: yellow at 2 or more, red above 3)", () => {
  it("colours the free counter by sessions owned", () => {
    expect([0, 1, 2, 3, 4].map((used) => sessionCounterTone("free", used, 3))).toEqual([
      undefined,
      undefined,
      "warn",
      "warn",
      "over",
    ]);
  });

  it("leaves paid plans uncoloured", () => {
    expect(sessionCounterTone("basic", 12, 3)).toBeUndefined();
    expect(sessionCounterTone("pro", 4, 3)).toBeUndefined();
  });
});
