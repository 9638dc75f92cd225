/**
 * Story-point suggestion learnt from a team's own history (issue #9 section 3). Pure, deterministic
 * and in-process: no database, no network, no data other than the history it is given.
 *
 * Method (parameters in {@link DEFAULT_ESTIMATOR_OPTIONS}):
 * 1. Each history story becomes a bag of words (title counted twice, description; code, logs,
 *    URLs and paths stripped, see `tokenize.ts`) in an inverted index, built once and grown by
 *    `add` (O(words of the story)).
 * 2. A new story is scored against the index with Okapi BM25; the score is divided by the story's
 *    score against itself, so a near-duplicate has similarity ≈ 1 and an unrelated story 0. Only the
 *    story's 40 highest-weighted words are scored, which bounds the time per suggestion.
 * 3. The words of the story also go through an ordinal text model (`ordinalModel.ts`: one logistic
 *    regression per deck threshold, intercepts recalibrated on the latest stories because teams'
 *    scales drift), which answers a distribution over the team's points.
 * 4. The suggestion is the weighted median of a mixture: that distribution with a total mass of
 *    `priorWeight` kernel units, plus the `k` nearest stories, each weighing kernel(similarity) ×
 *    recency. A near-duplicate (kernel 4) outweighs the model; weak neighbours barely move it.
 *    Recency halves a neighbour's weight every `halfLife` stories (the latest stories are the most
 *    like the next ones).
 * 5. The likely range is the mixture's 25th and 75th percentiles; all three snap to the deck.
 *
 * The model is refitted when the history has grown by a tenth since the last fit (at the next
 * suggestion), so adding stories stays cheap and the fitting cost is amortised; the neighbours see
 * every added story at once.
 */
import {
  DEFAULT_ORDINAL_OPTIONS,
  FeatureTable,
  fitOrdinalModel,
  type OrdinalModel,
  type OrdinalOptions,
  type StoryTokens,
  storyFeatures,
  storyTokens,
} from "./ordinalModel";

/** One estimated story of the history: `key` is its ticket key, `points` its final points. */
export interface HistoryStory {
  key: string;
  title: string;
  description?: string | null;
  points: number;
}

/** A story to estimate. */
export interface StoryText {
  title: string;
  description?: string | null;
}

/**
 * A suggestion: `points` (on the deck), the likely range `low`..`high` (on the deck, low <= points
 * <= high) and the keys of up to 3 most similar history stories, most similar first.
 */
export interface Suggestion {
  points: number;
  low: number;
  high: number;
  similar: string[];
}

/** Tuning of the estimator; each default is justified in {@link DEFAULT_ESTIMATOR_OPTIONS}. */
export interface EstimatorOptions {
  /** Neighbours taken into the mixture. */
  k: number;
  /** Total weight of the ordinal model's distribution, in kernel units (a neighbour of similarity 0.6 weighs 0.92). */
  priorWeight: number;
  /** The ordinal text model's tuning. */
  ordinal: OrdinalOptions;
  /** Recency half-life in stories: a story `halfLife` stories older weighs half as much. */
  halfLife: number;
  /** Times the title's words count against the description's. */
  titleWeight: number;
  /** Quantiles of the mixture giving the likely range. */
  rangeQuantiles: readonly [number, number];
  /**
   * Kernel sharpness: a neighbour of similarity s weighs s / (1 - s + duplicateDelta), about s for
   * weak matches and 1 / duplicateDelta priors for a duplicate (s = 1).
   */
  duplicateDelta: number;
  /** Deck used when `suggest` gets none and the history is empty. */
  defaultDeck: readonly number[];
}

/**
 * Defaults, chosen from the method's logic rather than fitted to one backlog:
 * - `k` 10: enough neighbours for a median to be robust to one mislabelled story, few enough
 *   to stay "similar" in a backlog of a few hundred stories.
 * - `priorWeight` 3 and `duplicateDelta` 0.25: the text model counts as three fair matches
 *   (similarity 0.6 weighs 0.92); a duplicate (similarity 1) weighs 4, more than the model, so a
 *   story the team already pointed gets the same points, while ten weak matches (similarity 0.1,
 *   weight 0.09 each) barely move the median. Results are flat for a weight of 2.5 to 3.5.
 * - `halfLife` 300 stories: a few months of a team's backlog; long enough to keep hundreds of
 *   stories in play, short enough to follow a drifting scale.
 * - `titleWeight` 2: the title is the summary the team pointed; descriptions are longer and noisier.
 * - range 25 %–75 %: the interquartile range, the "likely" half of the mass.
 * - BM25 k1 = 1.2, b = 0.75: the textbook values.
 */
export const DEFAULT_ESTIMATOR_OPTIONS: EstimatorOptions = {
  k: 10,
  priorWeight: 3,
  ordinal: DEFAULT_ORDINAL_OPTIONS,
  halfLife: 300,
  titleWeight: 2,
  rangeQuantiles: [0.25, 0.75],
  duplicateDelta: 0.25,
  defaultDeck: [1, 2, 3, 5, 8, 13, 21],
};

const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** Most query terms scored per suggestion (the highest-weighted ones). */
const MAX_QUERY_TERMS = 40;

/** An estimator over a growing history. */
export interface Estimator {
  /** Suggests points for a story; `deck` (numbers) defaults to the history's distinct points. */
  suggest(story: StoryText, deck?: readonly number[]): Suggestion;
  /** Adds one estimated story to the history (cheap: O(words of the story)). */
  add(story: HistoryStory): void;
  /** Number of history stories. */
  readonly size: number;
}

/** Growable postings of one term: document numbers (ascending) and term frequencies. */
class Postings {
  docs = new Uint32Array(4);
  tfs = new Uint16Array(4);
  n = 0;
  push(doc: number, tf: number): void {
    if (this.n === this.docs.length) {
      const docs = new Uint32Array(this.n * 2);
      docs.set(this.docs);
      this.docs = docs;
      const tfs = new Uint16Array(this.n * 2);
      tfs.set(this.tfs);
      this.tfs = tfs;
    }
    this.docs[this.n] = doc;
    this.tfs[this.n] = Math.min(tf, 65535);
    this.n++;
  }
}

/** Term frequencies of a story's tokens: title words `titleWeight` times, then the description's. */
function termCounts(tokens: StoryTokens, titleWeight: number): { counts: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  let length = 0;
  const bump = (tokens: string[], by: number) => {
    for (const t of tokens) {
      counts.set(t, (counts.get(t) ?? 0) + by);
      length += by;
    }
  };
  bump(tokens.title, titleWeight);
  bump(tokens.description, 1);
  return { counts, length };
}

/**
 * Value at quantile `q` (0..1) of a discrete weighted distribution given as ascending values and
 * their masses: the smallest value whose cumulative mass reaches q of the total (lower quantile).
 */
export function weightedQuantile(values: readonly number[], masses: readonly number[], q: number): number {
  let total = 0;
  for (const m of masses) total += m;
  let acc = 0;
  for (let i = 0; i < values.length; i++) {
    acc += masses[i] ?? 0;
    if (acc >= q * total - 1e-12) return values[i] as number;
  }
  return values[values.length - 1] as number;
}

/** The deck card nearest to `x` (ties go to the larger card); `x` itself when the deck is empty. */
export function snapToDeck(x: number, deck: readonly number[]): number {
  let best: number | undefined;
  for (const card of deck) {
    if (!Number.isFinite(card)) continue;
    if (
      best === undefined ||
      Math.abs(card - x) < Math.abs(best - x) ||
      (Math.abs(card - x) === Math.abs(best - x) && card > best)
    ) {
      best = card;
    }
  }
  return best ?? x;
}

/**
 * Creates an estimator over `history` (in time order, oldest first). Stories with a non-finite or
 * negative `points` are ignored. Deterministic: the same history and story give the same answer.
 */
export function createEstimator(
  history: readonly HistoryStory[] = [],
  options: Partial<EstimatorOptions> = {},
): Estimator {
  const opts: EstimatorOptions = { ...DEFAULT_ESTIMATOR_OPTIONS, ...options };
  const keys: string[] = [];
  const points: number[] = [];
  let lengths = new Uint32Array(64);
  let totalLength = 0;
  const index = new Map<string, Postings>();
  let scores = new Float64Array(0);
  // The ordinal text model over the first `fittedOn` stories (refitted when the history grew by a tenth).
  const features = new FeatureTable();
  let model: OrdinalModel | undefined;
  let fittedOn = 0;

  function add(story: HistoryStory): void {
    if (!Number.isFinite(story.points) || story.points < 0) return;
    const doc = keys.length;
    keys.push(story.key);
    points.push(story.points);
    const tokens = storyTokens(story);
    const { counts, length } = termCounts(tokens, opts.titleWeight);
    if (doc === lengths.length) {
      const grown = new Uint32Array(lengths.length * 2);
      grown.set(lengths);
      lengths = grown;
    }
    lengths[doc] = length;
    totalLength += length;
    for (const [term, tf] of counts) {
      let p = index.get(term);
      if (!p) {
        p = new Postings();
        index.set(term, p);
      }
      p.push(doc, tf);
    }
    features.add(storyFeatures(story, tokens));
  }

  const recency = (doc: number): number => 0.5 ** ((keys.length - 1 - doc) / opts.halfLife);

  /** The ordinal model, refitted first when the history grew by a tenth (at least one story) since the last fit. */
  function currentModel(): OrdinalModel {
    const n = keys.length;
    if (!model || n - fittedOn >= Math.max(1, Math.ceil(fittedOn / 10))) {
      model = fitOrdinalModel(features, points, n, opts.ordinal);
      fittedOn = n;
    }
    return model;
  }

  function suggest(story: StoryText, deck?: readonly number[]): Suggestion {
    const n = keys.length;
    const textModel = n > 0 ? currentModel() : undefined;
    const cards =
      deck && deck.length > 0
        ? [...deck].sort((a, b) => a - b)
        : textModel
          ? [...textModel.values]
          : [...opts.defaultDeck];
    if (n === 0) {
      // No history: the deck's middle card and its interquartile range.
      const at = (q: number) => cards[Math.min(cards.length - 1, Math.floor(q * (cards.length - 1) + 0.5))] as number;
      return { points: at(0.5), low: at(0.25), high: at(0.75), similar: [] };
    }
    const tokens = storyTokens(story);
    const { counts, length: qLength } = termCounts(tokens, opts.titleWeight);
    const avgdl = totalLength / n || 1;
    const bm25tf = (tf: number, dl: number) =>
      (tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * dl) / avgdl));
    if (scores.length < n) scores = new Float64Array(Math.max(n, scores.length * 2));
    const touched: number[] = [];
    // Query terms ranked by weight (ties by term), at most MAX_QUERY_TERMS: bounds the time per
    // suggestion whatever the length of the story, and drops the least telling words.
    const terms = [...counts]
      .map(([term, qtf]) => {
        const p = index.get(term);
        const df = p?.n ?? 0;
        const w = bm25tf(qtf, qLength) * Math.log(1 + (n - df + 0.5) / (df + 0.5));
        return { p, w, qw: bm25tf(qtf, qLength), term };
      })
      .sort((a, b) => b.w - a.w || (a.term < b.term ? -1 : 1))
      .slice(0, MAX_QUERY_TERMS);
    let self = 0;
    for (const { p, w, qw } of terms) {
      self += w * qw;
      if (!p) continue;
      const { docs, tfs } = p;
      for (let i = 0; i < p.n; i++) {
        const d = docs[i] as number;
        if (scores[d] === 0) touched.push(d);
        scores[d] = (scores[d] as number) + w * bm25tf(tfs[i] as number, lengths[d] as number);
      }
    }
    // Top k by score; ties go to the more recent story.
    const top: number[] = [];
    for (const d of touched) {
      const s = scores[d] as number;
      if (top.length === opts.k) {
        const last = top[top.length - 1] as number;
        const ls = scores[last] as number;
        if (s < ls || (s === ls && d < last)) continue;
      }
      let at = top.length;
      while (at > 0) {
        const prev = top[at - 1] as number;
        const ps = scores[prev] as number;
        if (ps > s || (ps === s && prev > d)) break;
        at--;
      }
      top.splice(at, 0, d);
      if (top.length > opts.k) top.pop();
    }
    const sims = top.map((d) => Math.min(1, (scores[d] as number) / (self || 1)));
    for (const d of touched) scores[d] = 0;

    // Mixture: the text model (mass priorWeight) + neighbours (similarity × recency).
    const mass = new Map<number, number>();
    const modelled = (textModel as OrdinalModel).distribution(features.lookup(storyFeatures(story, tokens)));
    (textModel as OrdinalModel).values.forEach((v, i) => {
      mass.set(v, (modelled[i] as number) * opts.priorWeight);
    });
    top.forEach((d, i) => {
      const v = points[d] as number;
      const sim = sims[i] as number;
      const kernel = sim / (1 - sim + opts.duplicateDelta);
      mass.set(v, (mass.get(v) ?? 0) + kernel * recency(d));
    });
    const values = [...mass.keys()].sort((a, b) => a - b);
    const masses = values.map((v) => mass.get(v) as number);
    const snap = (x: number) => snapToDeck(x, cards);
    const pointsOut = snap(weightedQuantile(values, masses, 0.5));
    const low = Math.min(pointsOut, snap(weightedQuantile(values, masses, opts.rangeQuantiles[0])));
    const high = Math.max(pointsOut, snap(weightedQuantile(values, masses, opts.rangeQuantiles[1])));

    const similar = top.slice(0, 3).map((d) => keys[d] as string);
    // Fewer than 3 word matches: complete with the latest stories of the suggested points, then the latest.
    for (let d = n - 1; d >= 0 && similar.length < 3; d--) {
      if (points[d] === pointsOut && !similar.includes(keys[d] as string)) similar.push(keys[d] as string);
    }
    for (let d = n - 1; d >= 0 && similar.length < 3; d--) {
      if (!similar.includes(keys[d] as string)) similar.push(keys[d] as string);
    }
    return { points: pointsOut, low, high, similar };
  }

  for (const story of history) add(story);
  return {
    suggest,
    add,
    get size() {
      return keys.length;
    },
  };
}
