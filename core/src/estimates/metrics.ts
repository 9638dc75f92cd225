/**
 * Accuracy measures of story-point estimates, as in Choetkiertikul et al., "A deep learning model
 * for estimating story points", IEEE TSE 2018 (section 5.3): MAE, MdAE and SA. Pure functions.
 */

/** Mean absolute error of `predicted` against `actual` (same length, points); NaN when empty. */
export function meanAbsoluteError(actual: readonly number[], predicted: readonly number[]): number {
  if (actual.length === 0) return Number.NaN;
  let sum = 0;
  actual.forEach((a, i) => {
    sum += Math.abs(a - (predicted[i] as number));
  });
  return sum / actual.length;
}

/** Median of a sample (mean of the two middle values when even); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Arithmetic mean; NaN when empty. */
export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
}

/** Median absolute error of `predicted` against `actual`; NaN when empty. */
export function medianAbsoluteError(actual: readonly number[], predicted: readonly number[]): number {
  return median(actual.map((a, i) => Math.abs(a - (predicted[i] as number))));
}

/**
 * MAE of random guessing (the paper's P0): each test story is predicted by the points of a story
 * drawn uniformly from the training set. The paper averages 1,000 random runs; this returns the
 * exact expectation instead, mean over test stories of the mean |actual - training points|, so it
 * is deterministic.
 */
export function randomGuessMae(actual: readonly number[], training: readonly number[]): number {
  if (actual.length === 0 || training.length === 0) return Number.NaN;
  let sum = 0;
  for (const a of actual) {
    let s = 0;
    for (const t of training) s += Math.abs(a - t);
    sum += s / training.length;
  }
  return sum / actual.length;
}

/**
 * Standardised accuracy in percent: SA = (1 - MAE / MAE_P0) × 100, MAE_P0 being
 * {@link randomGuessMae}. 0 is no better than guessing; higher is better.
 */
export function standardisedAccuracy(mae: number, randomMae: number): number {
  return (1 - mae / randomMae) * 100;
}
