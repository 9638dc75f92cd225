/**
 * Command-line options and the machine's load shared by the benches (README "Options").
 */
import os from "node:os";

/** Reads `--name value` from argv, else the environment variable `env`, else `fallback`. */
export function option(name: string, env: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return (i >= 0 ? process.argv[i + 1] : undefined) ?? process.env[env] ?? fallback;
}

/** The 1, 5 and 15 minute load averages, two decimals each, space-separated (e.g. "3.10 6.05 7.87"). */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
