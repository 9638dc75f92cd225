/**
 * Estimates bench (issue #9 section 3): the protocol of Choetkiertikul et al., "A deep learning
 * model for estimating story points" (IEEE TSE 2018) on each backlog CSV of a folder. Per project,
 * in file order, the first 80 % of the rows (the paper's training + validation) are the history
 * and the last 20 % (the paper's test split) are predicted one by one with that history. Prints
 * MAE, MdAE and SA of the history estimator (`core/src/estimates`), of the median and mean
 * baselines, and the paper's Deep-SE MAE when the folder's README lists it; then the suggestion
 * latency and heap with 10,000 history stories (all projects concatenated, repeated to 10,000).
 *
 * Usage: `npm run bench:estimates [-- FOLDER]` (default `../shared/data/storypoints` beside the
 * repository). Options: `--k`, `--prior`, `--half-life`, `--title-weight` override the estimator's
 * defaults (to study the method; the defaults are what ships).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createEstimator, type EstimatorOptions, type HistoryStory } from "../../core/src/estimates/estimator";
import {
  mean,
  meanAbsoluteError,
  median,
  medianAbsoluteError,
  randomGuessMae,
  standardisedAccuracy,
} from "../../core/src/estimates/metrics";
import { readBacklog } from "../../scripts/estimate/readBacklog";
import { fmt, percentile, table } from "../lib/stats";

const REPO = path.resolve(__dirname, "../..");
const args = process.argv.slice(2).filter((a) => a !== "--");
function option(name: string): number | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : undefined;
}
const positional = args.filter((a, i) => !a.startsWith("--") && !(args[i - 1] ?? "").startsWith("--"));
// npm runs the script in bench/; a folder argument is relative to where the command was typed.
const FOLDER = positional[0]
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), positional[0])
  : path.join(REPO, "..", "shared", "data", "storypoints");
const overrides: Partial<EstimatorOptions> = {};
const set = <K extends keyof EstimatorOptions>(k: K, v: EstimatorOptions[K] | undefined) => {
  if (v !== undefined && !Number.isNaN(v)) overrides[k] = v;
};
set("k", option("k"));
set("priorWeight", option("prior"));
set("halfLife", option("half-life"));
set("titleWeight", option("title-weight"));

/** Deep-SE MAE per CSV file from the folder's README tables (file → project, project → MAE). */
function deepSeFigures(folder: string): Map<string, number> {
  const out = new Map<string, number>();
  const readme = path.join(folder, "README.md");
  if (!existsSync(readme)) return out;
  const rows = readFileSync(readme, "utf8")
    .split("\n")
    .filter((l) => l.trim().startsWith("|"))
    .map((l) =>
      l
        .split("|")
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  const projectOf = new Map<string, string>();
  let deepCol = -1;
  for (const r of rows) {
    if (r[0]?.endsWith(".csv") && r[1]) projectOf.set(r[1].toLowerCase(), r[0]);
    const idx = r.findIndex((c) => c.toLowerCase() === "deep-se");
    if (idx >= 0) {
      deepCol = idx;
      continue;
    }
    const name = (r[0] ?? "").toLowerCase();
    // The paper's short names ("Mesos") within the file table's names ("Apache Mesos").
    const file = [...projectOf].find(([project]) => name !== "" && (project === name || project.includes(name)))?.[1];
    const value = Number(r[deepCol]);
    if (deepCol > 0 && file && Number.isFinite(value)) out.set(file, value);
  }
  return out;
}

interface Project {
  file: string;
  stories: HistoryStory[];
}

function loadProjects(folder: string): Project[] {
  const files = readdirSync(folder)
    .filter((f) => f.endsWith(".csv"))
    .sort();
  if (files.length === 0) throw new Error(`No .csv backlog in ${folder}`);
  return files.map((file) => ({
    file,
    stories: readBacklog(readFileSync(path.join(folder, file), "utf8")).flatMap((r) =>
      r.storypoint === null
        ? []
        : [{ key: r.issuekey, title: r.title, description: r.description, points: r.storypoint }],
    ),
  }));
}

interface Scores {
  mae: number;
  mdae: number;
  sa: number;
}

function score(actual: number[], predicted: number[], randomMae: number): Scores {
  const mae = meanAbsoluteError(actual, predicted);
  return { mae, mdae: medianAbsoluteError(actual, predicted), sa: standardisedAccuracy(mae, randomMae) };
}

function evaluate(project: Project) {
  const cut = Math.floor(project.stories.length * 0.8);
  const history = project.stories.slice(0, cut);
  const test = project.stories.slice(cut);
  const estimator = createEstimator(history, overrides);
  const actual = test.map((s) => s.points);
  const ours = test.map((s) => estimator.suggest(s).points);
  const trainPoints = history.map((s) => s.points);
  const randomMae = randomGuessMae(actual, trainPoints);
  const med = median(trainPoints);
  const avg = mean(trainPoints);
  const inRange = test.filter((s, i) => {
    const sug = estimator.suggest(s);
    return sug.low <= (actual[i] as number) && (actual[i] as number) <= sug.high;
  }).length;
  return {
    history: history.length,
    test: test.length,
    ours: score(actual, ours, randomMae),
    median: score(
      actual,
      actual.map(() => med),
      randomMae,
    ),
    mean: score(
      actual,
      actual.map(() => avg),
      randomMae,
    ),
    coverage: test.length ? inRange / test.length : Number.NaN,
  };
}

/** Full garbage collection: `global.gc` (the npm script runs node with --expose-gc) or V8's flag set late. */
function gc(): void {
  let collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) {
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as () => void;
  }
  collect();
  collect();
}

function speed(projects: Project[]) {
  const all = projects.flatMap((p) => p.stories);
  const stories: HistoryStory[] = [];
  for (let round = 0; stories.length < 10_000; round++) {
    for (const s of all) {
      if (stories.length === 10_000) break;
      stories.push(round === 0 ? s : { ...s, key: `${s.key}#${round}` });
    }
  }
  const queries = all.filter((_, i) => i % Math.max(1, Math.floor(all.length / 500)) === 0).slice(0, 500);
  gc();
  const before = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const estimator = createEstimator(stories);
  const buildMs = performance.now() - t0;
  const n = estimator.size;
  // The first suggestion fits the ordinal text model (then refitted only when the history grew by a tenth).
  const t1 = performance.now();
  estimator.suggest(queries[0] as HistoryStory);
  const fitMs = performance.now() - t1;
  gc();
  const heapMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  for (const q of queries) estimator.suggest(q); // warm-up (JIT)
  const times: number[] = [];
  let slowest = { ms: -1, story: queries[0] as HistoryStory };
  for (const q of queries) {
    const t = performance.now();
    estimator.suggest(q);
    const ms = performance.now() - t;
    times.push(ms);
    if (ms > slowest.ms) slowest = { ms, story: q };
  }
  // The slowest story again, best of 5: tells a costly story from a pause of the machine (GC, other load).
  let again = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    estimator.suggest(slowest.story);
    again = Math.min(again, performance.now() - t);
  }
  const addTimes: number[] = [];
  for (const q of queries.slice(0, 200)) {
    const t = performance.now();
    estimator.add({ ...q, key: `${q.key}+` });
    addTimes.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  addTimes.sort((a, b) => a - b);
  return { n, buildMs, fitMs, heapMb, times, addTimes, queries: queries.length, again };
}

function main(): void {
  const projects = loadProjects(FOLDER);
  const deepSe = deepSeFigures(FOLDER);
  console.log(`Estimates bench on ${FOLDER}: first 80 % history, last 20 % predicted (file order)`);
  if (Object.keys(overrides).length) console.log(`Options: ${JSON.stringify(overrides)}`);
  const rows: string[][] = [
    [
      "project",
      "hist",
      "test",
      "MAE",
      "MdAE",
      "SA%",
      "med MAE",
      "med MdAE",
      "med SA%",
      "mean MAE",
      "mean MdAE",
      "mean SA%",
      "DeepSE MAE",
      "beats med",
      "beats mean",
      "beats DeepSE",
      "in range",
    ],
  ];
  let beatMedian = 0;
  let beatDeep = 0;
  let withDeep = 0;
  for (const p of projects) {
    const r = evaluate(p);
    const deep = deepSe.get(p.file);
    const bMed = r.ours.mae < r.median.mae;
    const bMean = r.ours.mae < r.mean.mae;
    const bDeep = deep === undefined ? undefined : Number(r.ours.mae.toFixed(2)) < deep;
    if (bMed) beatMedian++;
    if (deep !== undefined) withDeep++;
    if (bDeep) beatDeep++;
    rows.push([
      p.file.replace(/\.csv$/, ""),
      String(r.history),
      String(r.test),
      fmt(r.ours.mae, 2),
      fmt(r.ours.mdae, 2),
      fmt(r.ours.sa, 1),
      fmt(r.median.mae, 2),
      fmt(r.median.mdae, 2),
      fmt(r.median.sa, 1),
      fmt(r.mean.mae, 2),
      fmt(r.mean.mdae, 2),
      fmt(r.mean.sa, 1),
      deep === undefined ? "-" : deep.toFixed(2),
      bMed ? "yes" : "no",
      bMean ? "yes" : "no",
      bDeep === undefined ? "-" : bDeep ? "yes" : "no",
      `${fmt(r.coverage * 100, 0)}%`,
    ]);
  }
  console.log(table(rows));
  console.log(
    `Better MAE than the median baseline on ${beatMedian} of ${projects.length}; than Deep-SE on ${beatDeep} of ${withDeep}.`,
  );
  const s = speed(projects);
  console.log(
    `\n${s.n.toLocaleString("en")} history stories: index built in ${fmt(s.buildMs, 0)} ms, text model fitted (first suggestion) in ${fmt(s.fitMs, 0)} ms, heap ${fmt(s.heapMb, 1)} MB; ` +
      `suggestion p50 ${fmt(percentile(s.times, 0.5), 2)} ms, p95 ${fmt(percentile(s.times, 0.95), 2)} ms, ` +
      `p99 ${fmt(percentile(s.times, 0.99), 2)} ms, ` +
      `max ${fmt(s.times[s.times.length - 1] ?? Number.NaN, 2)} ms (${s.queries} stories; that story again: ${fmt(s.again, 2)} ms); ` +
      `add p50 ${fmt(percentile(s.addTimes, 0.5), 3)} ms, p95 ${fmt(percentile(s.addTimes, 0.95), 3)} ms.`,
  );
}

main();
