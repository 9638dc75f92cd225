/**
 * `npm run -s estimate -- FILE.csv` (issue #9 section 3): rows of FILE.csv with a `storypoint`
 * are the history, rows with an empty `storypoint` are predicted, in file order, one JSON line
 * each on stdout: `{"issuekey":"...","points":5,"low":3,"high":8,"similar":["KEY-1",...]}`.
 * Nothing else goes to stdout; errors (missing file, missing columns, bad points) go to stderr
 * with exit code 1. Same engine as the server: `core/src/estimates`. Learns only from the file.
 */
import { readFileSync } from "node:fs";
import { createEstimator } from "../../core/src/estimates/estimator";
import { readBacklog } from "./readBacklog";

function main(argv: readonly string[]): number {
  const file = argv.find((a) => a !== "--");
  if (!file) {
    process.stderr.write("Usage: npm run -s estimate -- FILE.csv\n");
    return 1;
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    process.stderr.write(`Cannot read ${file}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  let rows: ReturnType<typeof readBacklog>;
  try {
    rows = readBacklog(text);
  } catch (err) {
    process.stderr.write(`${file}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  const estimator = createEstimator(
    rows.flatMap((r) =>
      r.storypoint === null
        ? []
        : [{ key: r.issuekey, title: r.title, description: r.description, points: r.storypoint }],
    ),
  );
  const lines: string[] = [];
  for (const r of rows) {
    if (r.storypoint !== null) continue;
    const s = estimator.suggest({ title: r.title, description: r.description });
    lines.push(
      JSON.stringify({ issuekey: r.issuekey, points: s.points, low: s.low, high: s.high, similar: s.similar }),
    );
  }
  if (lines.length > 0) process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
