import { rowRange, scrollTopFor } from "./rowWindow";

describe("rowRange (issue #8 section 6, windowed queue)", () => {
  it("covers the rows in view plus the overscan, clamped to the list", () => {
    // 42 px rows, a 520 px viewport: rows 0-12 visible (13th partly), 8 more after.
    expect(rowRange(0, 520, 42, 1500, 8)).toEqual({ start: 0, end: 21 });
    // Scrolled to row 100 exactly.
    expect(rowRange(4200, 520, 42, 1500, 8)).toEqual({ start: 92, end: 121 });
    // The end of the list.
    expect(rowRange(1500 * 42 - 520, 520, 42, 1500, 8)).toEqual({ start: 1479, end: 1500 });
    // Short lists are rendered whole.
    expect(rowRange(0, 520, 42, 10, 8)).toEqual({ start: 0, end: 10 });
    expect(rowRange(0, 520, 42, 0, 8)).toEqual({ start: 0, end: 0 });
    // Overscrolled (rubber band) positions stay in range.
    expect(rowRange(-50, 520, 42, 5, 8)).toEqual({ start: 0, end: 5 });
  });
});

describe("scrollTopFor", () => {
  it("moves the least to show a row, and not at all when it is visible", () => {
    expect(scrollTopFor(5, 42, 0, 520)).toBe(0);
    expect(scrollTopFor(20, 42, 0, 520)).toBe(21 * 42 - 520);
    expect(scrollTopFor(3, 42, 1000, 520)).toBe(126);
    expect(scrollTopFor(0, 42, 10, 520)).toBe(0);
  });
});
