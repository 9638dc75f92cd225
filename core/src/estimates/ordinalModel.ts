/**
 * Ordinal text model of story points (issue #9 section 3): one L2-regularised logistic regression
 * per deck threshold c, each estimating P(points > c | words) — the "cumulative logit" model of
 * ordinal regression (McCullagh, "Regression models for ordinal data", JRSS B 1980), fitted as
 * separate binary models and made monotone afterwards. It turns the words of a story into a
 * distribution over the team's points, which the estimator mixes with the nearest neighbours.
 *
 * Teams' scales drift (a backlog's early stories are often pointed on another scale than its
 * latest), so after fitting, each threshold's intercept is recalibrated on the latest stories: the
 * model's mean P(points > c) over them is made equal to their observed share (smoothed). Pure and
 * deterministic: the same history gives the same model.
 */
import { tokenize } from "./tokenize";

/** Tuning of the ordinal model; defaults in {@link DEFAULT_ORDINAL_OPTIONS}. */
export interface OrdinalOptions {
  /** L2 penalty per word weight (per story and step). */
  l2: number;
  /** AdaGrad base step. */
  learningRate: number;
  /** Passes over the history (stochastic gradient, in a fixed pseudo-random order). */
  epochs: number;
  /** Share of the history (the latest stories, at least `minRecalibrate`) the intercepts are recalibrated on. */
  recalibrateShare: number;
  /** Fewest latest stories used for the recalibration. */
  minRecalibrate: number;
  /** Fewest stories on each side of a threshold for its words to be fitted (else base rate only). */
  minClass: number;
  /** Fewest stories a word must appear in to be a feature. */
  minDf: number;
  /** Most stories fitted on: the latest ones (bounds the fitting time; older stories follow an older scale anyway). */
  maxStories: number;
}

/**
 * Defaults: a light penalty (0.001) and 6 AdaGrad passes at step 0.1 keep a word's weight small
 * unless many stories agree; the latest 10 % of the history (at least 50 stories) sets the
 * intercepts, about one release of a backlog; words seen once say nothing about size. At most the
 * latest 3,000 stories are fitted on: about 0.3 s on this 2-core machine, once per tenth of growth.
 */
export const DEFAULT_ORDINAL_OPTIONS: OrdinalOptions = {
  l2: 0.001,
  learningRate: 0.1,
  epochs: 6,
  recalibrateShare: 0.1,
  minRecalibrate: 50,
  minClass: 3,
  minDf: 2,
  maxStories: 3000,
};

/** A story's tokens (`tokenize.ts`): at most 100 of the title, 400 of the description. */
export interface StoryTokens {
  title: string[];
  description: string[];
}

/** Tokenises a story once for both the word index and the text model. */
export function storyTokens(story: { title: string; description?: string | null }): StoryTokens {
  return { title: tokenize(story.title, 100), description: tokenize(story.description, 400) };
}

/**
 * Features of a story: its title's words (as title words and as words), its description's words,
 * "no description" and a description-length bucket (0-9, 10-39, 40-119, 120+ words). Distinct.
 * `tokens` are the story's {@link storyTokens}, computed when not given.
 */
export function storyFeatures(
  story: { title: string; description?: string | null },
  tokens: StoryTokens = storyTokens(story),
): string[] {
  const { title, description } = tokens;
  const out = new Set<string>();
  for (const w of title) out.add(`t:${w}`);
  for (const w of title) out.add(w);
  for (const w of description) out.add(w);
  if (!story.description || story.description === "NULL") out.add("#nodesc");
  const n = description.length;
  out.add(n < 10 ? "#len0" : n < 40 ? "#len1" : n < 120 ? "#len2" : "#len3");
  return [...out];
}

/** Feature dictionary and the stories' feature ids, grown one story at a time. */
export class FeatureTable {
  private readonly ids = new Map<string, number>();
  /** Stories each feature id appears in. */
  readonly df: number[] = [];
  /** Feature ids per story, in history order. */
  readonly docs: Int32Array[] = [];

  /** Adds a history story's features; O(words of the story). */
  add(features: readonly string[]): void {
    const row = new Int32Array(features.length);
    features.forEach((f, i) => {
      let id = this.ids.get(f);
      if (id === undefined) {
        id = this.df.length;
        this.ids.set(f, id);
        this.df.push(0);
      }
      this.df[id] = (this.df[id] as number) + 1;
      row[i] = id;
    });
    this.docs.push(row);
  }

  /** Ids of known features (unknown ones dropped). */
  lookup(features: readonly string[]): number[] {
    const out: number[] = [];
    for (const f of features) {
      const id = this.ids.get(f);
      if (id !== undefined) out.push(id);
    }
    return out;
  }

  /** Number of distinct features. */
  get size(): number {
    return this.df.length;
  }
}

/** A fitted model: `distribution` answers P(points = v) over the history's distinct points `values`. */
export interface OrdinalModel {
  /** Distinct points of the history, ascending. */
  readonly values: readonly number[];
  /** Probabilities (sum 1) of each of `values` for a story with these feature ids. */
  distribution(featureIds: readonly number[]): number[];
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** Knuth's multiplicative hash: a fixed pseudo-random visiting order without a random generator. */
const scramble = (i: number): number => Math.imul(i, 2654435761) >>> 0;

/**
 * Fits the model on the first `n` stories of `table` (at most the latest `maxStories` of them) with
 * `points[i]` the points of story i. Cost: O(epochs × thresholds × features of those stories);
 * memory: one Float32 weight per feature and threshold.
 */
export function fitOrdinalModel(
  table: FeatureTable,
  points: readonly number[],
  n: number,
  options: OrdinalOptions = DEFAULT_ORDINAL_OPTIONS,
): OrdinalModel {
  const from = Math.max(0, n - options.maxStories);
  const values = [...new Set(points.slice(from, n))].sort((a, b) => a - b);
  const featureCount = table.size;
  const usable = new Uint8Array(featureCount);
  for (let j = 0; j < featureCount; j++) usable[j] = (table.df[j] as number) >= options.minDf ? 1 : 0;
  // Each story's usable features and their scale 1/sqrt(count + 1), so long stories do not dominate.
  const rows: Int32Array[] = [];
  const scales = new Float64Array(n);
  for (let i = from; i < n; i++) {
    const kept = (table.docs[i] as Int32Array).filter((j) => usable[j] === 1);
    rows[i] = kept;
    scales[i] = 1 / Math.sqrt(kept.length + 1);
  }
  const count = n - from;
  const order = Array.from({ length: count }, (_, i) => from + i).sort((a, b) => scramble(a) - scramble(b) || a - b);
  const recentFrom =
    n - Math.min(count, Math.max(options.minRecalibrate, Math.round(options.recalibrateShare * count)));
  const thresholds: { bias: number; weights: Float32Array | null }[] = [];
  const margin = (row: Int32Array, scale: number, bias: number, weights: Float32Array | null): number => {
    let z = bias;
    if (weights) for (const j of row) z += (weights[j] as number) * scale;
    return z;
  };

  for (const c of values.slice(0, -1)) {
    let above = 0;
    for (let i = from; i < n; i++) if ((points[i] as number) > c) above++;
    const base = (above + 1) / (count + 2);
    let bias = Math.log(base / (1 - base));
    let weights: Float32Array | null = null;
    if (above >= options.minClass && count - above >= options.minClass) {
      weights = new Float32Array(featureCount);
      const squares = new Float64Array(featureCount).fill(1e-8);
      let biasSquares = 1e-8;
      for (let epoch = 0; epoch < options.epochs; epoch++) {
        for (const i of order) {
          const row = rows[i] as Int32Array;
          const scale = scales[i] as number;
          const err = sigmoid(margin(row, scale, bias, weights)) - ((points[i] as number) > c ? 1 : 0);
          for (const j of row) {
            const w = weights[j] as number;
            const g = err * scale + options.l2 * w;
            squares[j] = (squares[j] as number) + g * g;
            weights[j] = w - (options.learningRate * g) / Math.sqrt(squares[j] as number);
          }
          biasSquares += err * err;
          bias -= (options.learningRate * err) / Math.sqrt(biasSquares);
        }
      }
    }
    // Recalibrate the intercept on the latest stories (bisection on the shift; the mean is monotone in it).
    const margins: number[] = [];
    let recentAbove = 0;
    for (let i = recentFrom; i < n; i++) {
      margins.push(margin(rows[i] as Int32Array, scales[i] as number, bias, weights));
      if ((points[i] as number) > c) recentAbove++;
    }
    if (margins.length > 0) {
      const target = (recentAbove + 0.5) / (margins.length + 1);
      let lo = -12;
      let hi = 12;
      for (let it = 0; it < 40; it++) {
        const mid = (lo + hi) / 2;
        let mean = 0;
        for (const z of margins) mean += sigmoid(z + mid);
        if (mean / margins.length > target) hi = mid;
        else lo = mid;
      }
      bias += (lo + hi) / 2;
    }
    thresholds.push({ bias, weights });
  }

  return {
    values,
    distribution(featureIds) {
      const kept = featureIds.filter((j) => j < featureCount && usable[j] === 1);
      const row = Int32Array.from(kept);
      const scale = 1 / Math.sqrt(kept.length + 1);
      // Cumulative P(points <= c), made monotone.
      const cdf: number[] = [];
      for (const t of thresholds) {
        const atMost = 1 - sigmoid(margin(row, scale, t.bias, t.weights));
        cdf.push(Math.max(atMost, cdf.length ? (cdf[cdf.length - 1] as number) : 0));
      }
      cdf.push(1);
      return cdf.map((p, k) => p - (k ? (cdf[k - 1] as number) : 0));
    },
  };
}
