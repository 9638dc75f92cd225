import { MAX_JSON_DEPTH, nestedDeeperThan } from "./jsonBody";

describe("nestedDeeperThan (issue #7: deep JSON is a 400, not a stack overflow)", () => {
  it("measures arrays and objects, not scalars", () => {
    expect(nestedDeeperThan("x", 0)).toBe(false);
    expect(nestedDeeperThan({ a: [1] }, 2)).toBe(false);
    expect(nestedDeeperThan({ a: [1] }, 1)).toBe(true);
    expect(nestedDeeperThan([[[]]], 3)).toBe(false);
    expect(nestedDeeperThan([[[]]], 2)).toBe(true);
  });

  it("walks a megabyte of nesting without recursion", () => {
    const deep = JSON.parse(`${"[".repeat(500_000)}${"]".repeat(500_000)}`);
    expect(nestedDeeperThan(deep, MAX_JSON_DEPTH)).toBe(true);
  });
});
