/**
 * Reads a backlog CSV in the columns of `../shared/data/storypoints/*.csv`
 * (`issuekey,title,description,storypoint`; `description` may be the literal `NULL`) for the
 * estimate CLI and `bench/estimates` (issue #9 section 3). Pure: text in, rows out.
 */
import { parse } from "csv-parse/sync";

/** One backlog row; `storypoint` is null when the cell is empty (a story to predict). */
export interface BacklogRow {
  issuekey: string;
  title: string;
  description: string | null;
  storypoint: number | null;
}

/** Columns the CSV must have (header names, case-insensitive). */
export const BACKLOG_COLUMNS = ["issuekey", "title", "description", "storypoint"] as const;

/**
 * Parses the CSV text into rows in file order.
 * @throws Error with a readable message when the CSV cannot be parsed, lacks one of
 * {@link BACKLOG_COLUMNS}, or has a `storypoint` that is neither empty nor a non-negative number.
 */
export function readBacklog(text: string): BacklogRow[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (err) {
    throw new Error(`The CSV could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  const [header, ...body] = records;
  const names = (header ?? []).map((h) => h.trim().toLowerCase());
  const missing = BACKLOG_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    throw new Error(`The CSV lacks the column(s) ${missing.join(", ")} (needs ${BACKLOG_COLUMNS.join(",")})`);
  }
  const at = (c: (typeof BACKLOG_COLUMNS)[number]) => names.indexOf(c);
  return body.map((r, i) => {
    const cell = (c: (typeof BACKLOG_COLUMNS)[number]) => r[at(c)] ?? "";
    const description = cell("description");
    const raw = cell("storypoint").trim();
    const points = raw === "" ? null : Number(raw);
    if (points !== null && (!Number.isFinite(points) || points < 0)) {
      throw new Error(`Row ${i + 1}: storypoint "${raw}" is not a number`);
    }
    return {
      issuekey: cell("issuekey").trim(),
      title: cell("title"),
      description: description === "NULL" ? null : description,
      storypoint: points,
    };
  });
}
