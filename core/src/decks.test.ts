import { cardLabel, deckFor, isInDeck } from "./decks";

describe("deckFor (DESIGN.md decisions)", () => {
  it("gives each scale its cards and ends with ?", () => {
    expect(deckFor("fibonacci").map((c) => c.label)).toEqual(["1", "2", "3", "5", "8", "13", "21", "?"]);
    expect(deckFor("tshirt").map((c) => [c.label, c.value])).toEqual([
      ["XS", 1],
      ["S", 2],
      ["M", 3],
      ["L", 5],
      ["XL", 8],
      ["XXL", 13],
      ["?", null],
    ]);
    expect(deckFor("linear").map((c) => c.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, null]);
    expect(deckFor("powers").map((c) => c.value)).toEqual([1, 2, 4, 8, 16, 32, 64, null]);
  });

  it("sorts and de-duplicates a custom deck", () => {
    expect(deckFor("custom", [8, 0, 3, 3]).map((c) => c.value)).toEqual([0, 3, 8, null]);
  });

  it("accepts only the deck's values", () => {
    const deck = deckFor("fibonacci");
    expect(isInDeck(deck, 13)).toBe(true);
    expect(isInDeck(deck, 4)).toBe(false);
    expect(cardLabel(deckFor("tshirt"), 3)).toBe("M");
    expect(cardLabel(deck, null)).toBe("?");
  });
});
