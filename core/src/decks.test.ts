import { cardLabel, deckFor, hasOneDecimal, isInDeck } from "./decks";

describe("deckFor (DESIGN.md decisions)", () => {
  it("gives each scale its cards, 0 and ½ on numeric decks, then ? and ☕ (issue #8 section 4)", () => {
    expect(deckFor("fibonacci").map((c) => c.label)).toEqual([
      "0",
      "½",
      "1",
      "2",
      "3",
      "5",
      "8",
      "13",
      "21",
      "?",
      "☕",
    ]);
    expect(deckFor("tshirt").map((c) => [c.label, c.value])).toEqual([
      ["XS", 1],
      ["S", 2],
      ["M", 3],
      ["L", 5],
      ["XL", 8],
      ["XXL", 13],
      ["?", null],
      ["☕", null],
    ]);
    expect(deckFor("linear").map((c) => c.value)).toEqual([0, 0.5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, null, null]);
    expect(deckFor("powers").map((c) => c.value)).toEqual([0, 0.5, 1, 2, 4, 8, 16, 32, 64, null, null]);
    expect(deckFor("powers").at(-1)).toEqual({ value: null, label: "☕", coffee: true });
  });

  it("sorts and de-duplicates a custom deck, decimals included", () => {
    expect(deckFor("custom", [8, 0, 3, 3, 1.5]).map((c) => c.value)).toEqual([0, 0.5, 1.5, 3, 8, null, null]);
  });

  it("knows one decimal place", () => {
    expect([0, 0.5, 2.3, 999.9].every(hasOneDecimal)).toBe(true);
    expect([0.25, Number.NaN, Number.POSITIVE_INFINITY].some(hasOneDecimal)).toBe(false);
  });

  it("accepts only the deck's values", () => {
    const deck = deckFor("fibonacci");
    expect(isInDeck(deck, 13)).toBe(true);
    expect(isInDeck(deck, 4)).toBe(false);
    expect(cardLabel(deckFor("tshirt"), 3)).toBe("M");
    expect(cardLabel(deck, null)).toBe("?");
    expect(cardLabel(deck, 0.5)).toBe("½");
    expect(isInDeck(deck, 0.5)).toBe(true);
    expect(isInDeck(deckFor("tshirt"), 0.5)).toBe(false);
  });
});
