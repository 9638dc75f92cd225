import { movedOrder } from "./storyOrder";

describe("movedOrder", () => {
  it("moves a story up, down and onto another's place", () => {
    expect(movedOrder(["a", "b", "c"], "b", 0)).toEqual(["b", "a", "c"]);
    expect(movedOrder(["a", "b", "c"], "b", 2)).toEqual(["a", "c", "b"]);
    expect(movedOrder(["a", "b", "c"], "c", 0)).toEqual(["c", "a", "b"]);
  });

  it("clamps out-of-range targets and ignores unknown ids", () => {
    expect(movedOrder(["a", "b"], "a", -1)).toEqual(["a", "b"]);
    expect(movedOrder(["a", "b"], "a", 9)).toEqual(["b", "a"]);
    expect(movedOrder(["a", "b"], "x", 0)).toEqual(["a", "b"]);
  });
});
