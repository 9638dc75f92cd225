import { formatDuration, INSIGHT_ICONS } from "./insights";

describe("formatDuration (the summary's measured duration, issue #9 section 2)", () => {
  it("reads minutes under an hour and hours with one decimal above", () => {
    expect(formatDuration(null)).toBe("-");
    expect(formatDuration(0.2)).toBe("< 1 min");
    expect(formatDuration(25.4)).toBe("25 min");
    expect(formatDuration(72)).toBe("1.2 hours");
  });
});

it("names the spec's ten insight icons (spec part 2 section 9)", () => {
  expect(INSIGHT_ICONS).toHaveLength(10);
  expect(INSIGHT_ICONS).toContain("exclamation-triangle");
});
