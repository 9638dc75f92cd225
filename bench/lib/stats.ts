/** Small statistics and table helpers shared by the benchmarks. */

/** Summary of a sample of latencies in milliseconds. */
export interface Summary {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile (q in 0..1) of an ascending-sorted sample; NaN when empty. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** p50/p90/p99/max/mean of a sample (not modified). */
export function summarize(sample: readonly number[]): Summary {
  const sorted = [...sample].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}

/** A fixed-width text table: first row is the header, columns right-aligned except the first. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  const line = (row: readonly string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
  const out = rows.map(line);
  const total = widths.reduce((a, b) => a + b, 0) + 2 * Math.max(0, widths.length - 1);
  out.splice(1, 0, "-".repeat(total));
  return out.join("\n");
}

/** A number with `digits` decimals, or "-" for NaN. */
export const fmt = (x: number, digits = 1): string => (Number.isFinite(x) ? x.toFixed(digits) : "-");
