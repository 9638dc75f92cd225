import { mean, meanAbsoluteError, median, medianAbsoluteError, randomGuessMae, standardisedAccuracy } from "./metrics";

describe("estimate metrics (Choetkiertikul et al. 2018, section 5.3)", () => {
  const actual = [1, 3, 5, 8];
  const predicted = [2, 3, 3, 13];

  it("MAE and MdAE", () => {
    // Errors 1, 0, 2, 5: mean 8/4 = 2, median (1 + 2)/2 = 1.5.
    expect(meanAbsoluteError(actual, predicted)).toBe(2);
    expect(medianAbsoluteError(actual, predicted)).toBe(1.5);
    expect(meanAbsoluteError([], [])).toBeNaN();
  });

  it("median and mean", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([8, 1, 3, 5])).toBe(4);
    expect(mean([1, 2, 3, 6])).toBe(3);
    expect(median([])).toBeNaN();
  });

  it("MAE of random guessing is the expected error of a random training story", () => {
    // Training [1, 2, 5]; actual 1 → (0 + 1 + 4)/3 = 5/3; actual 5 → (4 + 3 + 0)/3 = 7/3; mean 2.
    expect(randomGuessMae([1, 5], [1, 2, 5])).toBeCloseTo(2, 12);
    expect(randomGuessMae([], [1])).toBeNaN();
  });

  it("SA = (1 - MAE / MAE_P0) x 100", () => {
    expect(standardisedAccuracy(1, 2)).toBe(50);
    expect(standardisedAccuracy(2, 2)).toBe(0);
    expect(standardisedAccuracy(3, 2)).toBe(-50);
  });
});
