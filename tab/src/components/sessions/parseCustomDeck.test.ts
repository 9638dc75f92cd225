import { parseCustomDeck } from "./parseCustomDeck";

describe("parseCustomDeck", () => {
  it("reads numbers separated by commas, semicolons or spaces, sorted and de-duplicated", () => {
    expect(parseCustomDeck("8, 1; 3 2\n5,,1")).toEqual([1, 2, 3, 5, 8]);
  });

  it("accepts the bounds 0 and 999", () => {
    expect(parseCustomDeck("0, 999")).toEqual([0, 999]);
  });

  it("accepts one decimal place (issue #8 section 4)", () => {
    expect(parseCustomDeck("1, 2.5, 0.5")).toEqual([0.5, 1, 2.5]);
  });

  it("refuses finer fractions, negatives, numbers above 999 and words", () => {
    expect(parseCustomDeck("1, 2.25")).toBeNull();
    expect(parseCustomDeck("-1, 2")).toBeNull();
    expect(parseCustomDeck("1, 1000")).toBeNull();
    expect(parseCustomDeck("1, two")).toBeNull();
  });

  it("needs at least 2 distinct cards", () => {
    expect(parseCustomDeck("")).toBeNull();
    expect(parseCustomDeck("5")).toBeNull();
    expect(parseCustomDeck("5, 5")).toBeNull();
  });
});
