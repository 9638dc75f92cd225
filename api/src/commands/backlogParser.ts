import type { ImportResult } from "@pointwise/core/presented";
import { storyTitleSchema, ticketNumberSchema } from "@pointwise/core/storySchemas";
import { hasNul, noNulMessage, wellFormed } from "@pointwise/core/text";
import { AppError } from "../errors";
import type { NewStory } from "./storyAppender";

/** Most rows one import may carry (the largest real backlog here has 2,919). */
export const MAX_IMPORT_ROWS = 5000;
/**
 * Imported descriptions are kept whole up to this length: real Jira backlogs exceed the form's
 * 5,000 (21 of bamboo.csv's 521 rows do), and an import must lose nothing.
 */
export const MAX_IMPORTED_DESCRIPTION = 65_535;

/** Header names accepted per field, lower-cased: the storypoints dataset and a Jira CSV export. */
const COLUMNS = {
  ticketNumber: ["issuekey", "issue key", "key"],
  title: ["title", "summary"],
  description: ["description"],
  points: ["storypoint", "storypoints", "story points", "story point", "story points estimate"],
} as const;

/** 400 VALIDATION_ERROR carrying the import's shape: nothing imported, the row errors. */
const importFailed = (message: string, errors: ImportResult["errors"]): AppError =>
  new AppError(400, "VALIDATION_ERROR", message, { imported: 0, errors });

/**
 * Parses a backlog CSV into stories: columns `issuekey,title,description,storypoint` (the
 * storypoints dataset; `NULL` description is empty) or a Jira export (`Issue key`, `Summary`,
 * `Description`). Rows are numbered from 1 (the first data row). Pure: no database.
 * @throws AppError 400 VALIDATION_ERROR listing every bad row, or a CSV that cannot be read.
 */
export function parseBacklogCsv(text: string): NewStory[] {
  return parseBacklog(text).stories;
}

/** A parsed backlog: the stories, and per story its known points (null when the cell is empty). */
export interface ParsedBacklog {
  stories: NewStory[];
  /** Same order as `stories`: the `storypoint` cell, 0-999 with one decimal, or null. */
  points: (number | null)[];
}

/**
 * {@link parseBacklogCsv} with the `storypoint` column (issue #9 section 3): an empty or `NULL`
 * cell is null; anything else must be a number from 0 to 999 (rounded to one decimal).
 * @throws AppError 400 VALIDATION_ERROR as parseBacklogCsv, also for a bad `storypoint` cell.
 */
export function parseBacklog(text: string): ParsedBacklog {
  // Loaded by the first import, not at every start (issue #10).
  const { parse } = require("csv-parse/sync") as typeof import("csv-parse/sync");
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: false }) as string[][];
  } catch (err) {
    const reason = err instanceof Error ? err.message : "unreadable CSV";
    throw importFailed(`The CSV could not be read: ${reason}`, [{ row: 0, message: reason }]);
  }
  const [header, ...rows] = records;
  if (!header) throw importFailed("The CSV is empty", [{ row: 0, message: "No header row" }]);
  const names = header.map((h) => h.trim().toLowerCase());
  const find = (aliases: readonly string[]) => names.findIndex((n) => aliases.includes(n));
  const col = {
    ticketNumber: find(COLUMNS.ticketNumber),
    title: find(COLUMNS.title),
    description: find(COLUMNS.description),
    points: find(COLUMNS.points),
  };
  if (col.title < 0) {
    throw importFailed("The CSV needs a title column (title or Summary)", [
      { row: 0, message: "Missing title column" },
    ]);
  }
  if (rows.length === 0) throw importFailed("The CSV has no stories", [{ row: 0, message: "No data rows" }]);
  if (rows.length > MAX_IMPORT_ROWS) {
    throw importFailed(`At most ${MAX_IMPORT_ROWS} stories per import`, [{ row: 0, message: "Too many rows" }]);
  }
  const errors: ImportResult["errors"] = [];
  const result: NewStory[] = [];
  const points: (number | null)[] = [];
  rows.forEach((cells, i) => {
    const row = i + 1;
    const cell = (index: number) => (index >= 0 ? (cells[index] ?? "") : "");
    const title = storyTitleSchema.safeParse(cell(col.title));
    const ticket = ticketNumberSchema.safeParse(cell(col.ticketNumber));
    const rawDescription = wellFormed(cell(col.description).trim());
    const description = rawDescription === "NULL" || rawDescription === "" ? null : rawDescription;
    const problems: string[] = [];
    const rawPoints = cell(col.points).trim();
    let known: number | null = null;
    if (rawPoints !== "" && rawPoints.toUpperCase() !== "NULL") {
      const n = Number(rawPoints);
      if (!Number.isFinite(n) || n < 0 || n > 999) problems.push("storypoint: Must be a number from 0 to 999");
      else known = Math.round(n * 10) / 10;
    }
    if (!title.success) problems.push(`title: ${title.error.issues.map((x) => x.message).join(", ")}`);
    if (!ticket.success) problems.push(`ticket: ${ticket.error.issues.map((x) => x.message).join(", ")}`);
    if (description && hasNul(description)) problems.push(`description: ${noNulMessage("Description")}`);
    if (description && description.length > MAX_IMPORTED_DESCRIPTION) {
      problems.push(`description: Must be no more than ${MAX_IMPORTED_DESCRIPTION} characters`);
    }
    if (problems.length > 0 || !title.success || !ticket.success) {
      errors.push({ row, message: problems.join("; ") });
      return;
    }
    result.push({ title: title.data, description, acceptanceCriteria: [], ticketNumber: ticket.data ?? null });
    points.push(known);
  });
  if (errors.length > 0) {
    throw importFailed(`${errors.length} row(s) have errors; nothing was imported`, errors);
  }
  return { stories: result, points };
}
