import { moveAnchor } from "./storyOrder";

const queue = ["a", "b", "c", "d"];
const rowAt = (i: number) => queue[i];

describe("moveAnchor: where a moved story goes (issue #22 section 2)", () => {
  it("follows the story at the target when moving down", () => {
    expect(moveAnchor(0, 2, rowAt)).toBe("c");
    expect(moveAnchor(1, 3, rowAt)).toBe("d");
  });

  it("follows the story before the target when moving up, and goes first at 0", () => {
    expect(moveAnchor(3, 1, rowAt)).toBe("a");
    expect(moveAnchor(2, 0, rowAt)).toBeNull();
  });

  it("is undefined when nothing moves or the neighbour is not read yet", () => {
    expect(moveAnchor(2, 2, rowAt)).toBeUndefined();
    expect(moveAnchor(0, 9, rowAt)).toBeUndefined();
  });
});
