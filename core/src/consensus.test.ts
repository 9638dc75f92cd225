import { consensusRate, participationLevel, proposedFinalPoints, roundResults } from "./consensus";

describe("roundResults (spec part 2 section 9)", () => {
  it("labels a single most-common value held by more than one vote Strong Consensus", () => {
    const r = roundResults([5, 5, 8]);
    expect(r.label).toBe("Strong Consensus");
    expect(r.mode).toBe(5);
    expect(r.average).toBe(6);
    expect(r.consensus).toBe(false); // range 3 > 1
  });

  it("labels a range over 5 Wide Spread when no value is held twice", () => {
    expect(roundResults([1, 13]).label).toBe("Wide Spread");
    expect(roundResults([2, 3, 13, 21]).label).toBe("Wide Spread");
  });

  it("labels a tie for most common with a small range Good Alignment", () => {
    const r = roundResults([3, 3, 5, 5]);
    expect(r.mode).toBeNull();
    expect(r.label).toBe("Good Alignment");
    expect(r.average).toBe(4);
  });

  it("prefers Strong Consensus over Wide Spread", () => {
    expect(roundResults([1, 1, 21]).label).toBe("Strong Consensus");
  });

  it("has consensus when the range is at most 1", () => {
    expect(roundResults([2, 3, 3]).consensus).toBe(true);
    expect(roundResults([3, 5]).consensus).toBe(false);
    expect(roundResults([8]).consensus).toBe(true);
  });

  it("rounds the average to one decimal and ignores ? votes", () => {
    expect(roundResults([1, 2, 2, null]).average).toBe(1.7);
    expect(roundResults([null]).average).toBeNull();
    expect(roundResults([]).label).toBeNull();
  });

  it("sorts the distribution by points", () => {
    expect(roundResults([8, 3, 8, 1]).distribution).toEqual([
      { points: 1, count: 1 },
      { points: 3, count: 1 },
      { points: 8, count: 2 },
    ]);
  });
});

describe("proposedFinalPoints", () => {
  const fib = [1, 2, 3, 5, 8, 13, 21];
  it("proposes the single most common vote", () => expect(proposedFinalPoints([3, 3, 8], fib)).toBe(3));
  it("proposes the deck value nearest the average on a tie, rounding ties up", () => {
    expect(proposedFinalPoints([3, 5], fib)).toBe(5); // average 4: 3 and 5 equally near -> 5
    expect(proposedFinalPoints([1, 13], fib)).toBe(8); // average 7 -> 8
  });
  it("proposes nothing without votes", () => expect(proposedFinalPoints([], fib)).toBeNull());
});

describe("consensusRate", () => {
  it("counts stories with a range of at most 1 or fewer than 2 votes", () => {
    expect(consensusRate([[3, 3], [2, 3], [1, 8], [5], []])).toBe(80);
  });
  it("is null with no completed story", () => expect(consensusRate([])).toBeNull());
});

describe("participationLevel", () => {
  it("is all when everyone voted, most from 80 %, else some", () => {
    expect(participationLevel(5, 5)).toBe("all");
    expect(participationLevel(4, 5)).toBe("most");
    expect(participationLevel(3, 5)).toBe("some");
    expect(participationLevel(0, 0)).toBe("some");
  });
});
