import { performance } from "node:perf_hooks";
import { finished } from "node:stream/promises";
import type { ImportResult } from "@pointwise/core/presented";
import { storyTitleSchema, ticketNumberSchema } from "@pointwise/core/storySchemas";
import { hasNul, noNulMessage, wellFormed } from "@pointwise/core/text";
import { AppError } from "../errors";
import { nextTurn } from "../nextTurn";
import type { NewStory } from "./storyAppender";

/** Most rows one import may carry (issue #23 section 2; the session holds at most MAX_STORIES_PER_SESSION). */
export const MAX_IMPORT_ROWS = 2000;
/** Largest CSV one import may send, in bytes (issue #23 section 2: 5 MB); the import route's body limit. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/**
 * Longest description a story keeps (spec part 1 section 3: "description up to 5000", the rule of
 * the story form; issue #23 section 2). Longer imported ones are shortened to it, and the import's
 * answer lists their rows: real Jira backlogs have longer ones (80 of mesos.csv's 1,680), and
 * refusing them would refuse the backlog.
 */
export const MAX_IMPORTED_DESCRIPTION = 5000;

/**
 * How long one piece of the CSV should take csv-parse, in ms, and the bounds of its size in bytes
 * (characters for text): its byte loop runs about 100 times slower until V8 has compiled it
 * (1-3 µs a byte for the first pieces after a start), then 64 kB take about a millisecond.
 */
const PIECE_MS = 4;
const PIECE_MIN = 1024;
const PIECE_MAX = 64 * 1024;

/** Header names accepted per field, lower-cased: the storypoints dataset and a Jira CSV export. */
const COLUMNS = {
  ticketNumber: ["issuekey", "issue key", "key"],
  title: ["title", "summary"],
  description: ["description"],
  points: ["storypoint", "storypoints", "story points", "story point", "story points estimate"],
} as const;

/** The csv-parse options of every backlog (the sync and the stream API take the same). */
const CSV_OPTIONS = { bom: true, skip_empty_lines: true, relax_column_count: true, trim: false } as const;

/** 400 VALIDATION_ERROR carrying the import's shape: nothing imported, the row errors. */
export const importFailed = (
  message: string,
  errors: ImportResult["errors"],
  extra: Record<string, unknown> = {},
): AppError => new AppError(400, "VALIDATION_ERROR", message, { imported: 0, errors, ...extra });

/** 413: the CSV is larger than an import may be (the route's body limit says the same). */
export const importTooLarge = (): AppError =>
  new AppError(
    413,
    "VALIDATION_ERROR",
    `A CSV import is at most ${MAX_IMPORT_BYTES / (1024 * 1024)} MB (and ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows)`,
    { limit: MAX_IMPORT_BYTES },
  );

/** 400 for a CSV that csv-parse cannot read (broken quoting...). */
const unreadable = (err: unknown): AppError => {
  const reason = err instanceof Error ? err.message : "unreadable CSV";
  return importFailed(`The CSV could not be read: ${reason}`, [{ row: 0, message: reason }]);
};

/**
 * `text` cut to MAX_IMPORTED_DESCRIPTION characters, ending with "…" when cut (never in the
 * middle of a surrogate pair); shorter text as it is.
 */
export function shortenDescription(text: string): string {
  if (text.length <= MAX_IMPORTED_DESCRIPTION) return text;
  let end = MAX_IMPORTED_DESCRIPTION - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

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
  /** Rows (numbered from 1) whose description was longer than MAX_IMPORTED_DESCRIPTION and was shortened. */
  shortened: number[];
}

/**
 * The backlog's rules, one record at a time: the header names the columns, each row becomes a
 * story or an error. Shared by the whole-text parse and the import's sliced one.
 */
class BacklogRows {
  private col: Record<keyof typeof COLUMNS, number> | null = null;
  private rowCount = 0;
  private readonly errors: ImportResult["errors"] = [];
  private readonly result: ParsedBacklog = { stories: [], points: [], shortened: [] };

  /** @param maxRows data rows allowed; one more is refused at once (400) */
  constructor(private readonly maxRows = Number.POSITIVE_INFINITY) {}

  /** Takes the next record: the header first, then the rows. */
  add(cells: string[]): void {
    if (!this.col) {
      this.header(cells);
      return;
    }
    this.rowCount += 1;
    if (this.rowCount > this.maxRows) {
      const most = this.maxRows.toLocaleString("en-US");
      throw importFailed(`At most ${most} stories per import`, [{ row: 0, message: "Too many rows" }], {
        limit: this.maxRows,
      });
    }
    this.row(cells, this.rowCount);
  }

  /** The stories once every record is in. @throws AppError 400 for no header, no rows or bad rows */
  finish(): ParsedBacklog {
    if (!this.col) throw importFailed("The CSV is empty", [{ row: 0, message: "No header row" }]);
    if (this.rowCount === 0) throw importFailed("The CSV has no stories", [{ row: 0, message: "No data rows" }]);
    if (this.errors.length > 0) {
      throw importFailed(`${this.errors.length} row(s) have errors; nothing was imported`, this.errors);
    }
    return this.result;
  }

  private header(cells: string[]): void {
    const names = cells.map((h) => h.trim().toLowerCase());
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
    this.col = col;
  }

  private row(cells: string[], row: number): void {
    const col = this.col;
    if (!col) return;
    const cell = (index: number) => (index >= 0 ? (cells[index] ?? "") : "");
    const title = storyTitleSchema.safeParse(cell(col.title));
    const ticket = ticketNumberSchema.safeParse(cell(col.ticketNumber));
    const rawDescription = wellFormed(cell(col.description).trim());
    let description = rawDescription === "NULL" || rawDescription === "" ? null : rawDescription;
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
    if (problems.length > 0 || !title.success || !ticket.success) {
      this.errors.push({ row, message: problems.join("; ") });
      return;
    }
    if (description && description.length > MAX_IMPORTED_DESCRIPTION) {
      description = shortenDescription(description);
      this.result.shortened.push(row);
    }
    this.result.stories.push({
      title: title.data,
      description,
      acceptanceCriteria: [],
      ticketNumber: ticket.data ?? null,
    });
    this.result.points.push(known);
  }
}

/**
 * {@link parseBacklogCsv} with the `storypoint` column (issue #9 section 3): an empty or `NULL`
 * cell is null; anything else must be a number from 0 to 999 (rounded to one decimal). The
 * whole text at once and any number of rows: for tools and tests reading the real backlogs;
 * an import goes through {@link readBacklog}.
 * @throws AppError 400 VALIDATION_ERROR as parseBacklogCsv, also for a bad `storypoint` cell.
 */
export function parseBacklog(text: string): ParsedBacklog {
  // Loaded on first use, not at every start (issue #10).
  const { parse } = require("csv-parse/sync") as typeof import("csv-parse/sync");
  let records: string[][];
  try {
    records = parse(text, CSV_OPTIONS) as string[][];
  } catch (err) {
    throw unreadable(err);
  }
  const rows = new BacklogRows();
  for (const record of records) rows.add(record);
  return rows.finish();
}

/**
 * The piece of `body` from `at`, about `size` long: text cut between characters (never inside a
 * surrogate pair, which would turn into two U+FFFD on the way to bytes), bytes anywhere
 * (csv-parse decodes whole fields, so a character cut in two comes back whole).
 */
function pieceOf(body: string | Buffer, at: number, size: number): string | Buffer {
  let end = Math.min(at + size, body.length);
  if (typeof body === "string" && end < body.length) {
    const last = body.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  }
  return typeof body === "string" ? body.slice(at, end) : body.subarray(at, end);
}

/**
 * An import's backlog (issue #23 sections 2 and 7), as {@link parseBacklog} reads it but never
 * holding the event loop: csv-parse's stream API takes the body a piece per turn of the event
 * loop, each sized to take about 4 ms (1-64 kB), and each record is checked as it comes out.
 * The row after the 2,000th stops it at once, so a 100,000-row CSV costs what 2,001 rows do.
 * The body's 5 MB is the route's limit (Fastify refuses more while it arrives); checked again.
 * @param body the CSV as the route received it (text, or its bytes in UTF-8)
 * @throws AppError 413 for more than MAX_IMPORT_BYTES; 400 VALIDATION_ERROR for more than
 *   MAX_IMPORT_ROWS rows (`limit`), a CSV that cannot be read, or the rows' errors
 */
export async function readBacklog(body: string | Buffer): Promise<ParsedBacklog> {
  if (body.length > MAX_IMPORT_BYTES || Buffer.byteLength(body) > MAX_IMPORT_BYTES) throw importTooLarge();
  // Loaded on first use, not at every start (issue #10).
  const { parse } = require("csv-parse") as typeof import("csv-parse");
  const parser = parse(CSV_OPTIONS);
  const rows = new BacklogRows(MAX_IMPORT_ROWS);
  let failure: unknown = null;
  // Records come out while a piece is written: checked there, the first failure stops the parse.
  parser.on("data", (record: string[]) => {
    if (failure !== null) return;
    try {
      rows.add(record);
    } catch (err) {
      failure = err;
    }
  });
  parser.on("error", (err) => {
    failure ??= err;
  });
  // Pieces sized to take about PIECE_MS each: small while csv-parse's byte loop is still
  // interpreted (the first import after a start), then up to PIECE_MAX once V8 has compiled it.
  let size = PIECE_MIN;
  for (let at = 0; at < body.length && failure === null; ) {
    await nextTurn();
    const piece = pieceOf(body, at, size);
    const started = performance.now();
    parser.write(piece);
    const took = performance.now() - started;
    at += piece.length;
    size = Math.round(Math.min(PIECE_MAX, size * 2, Math.max(PIECE_MIN, (size * PIECE_MS) / Math.max(took, 0.1))));
  }
  if (failure === null) {
    parser.end();
    await finished(parser).catch((err: unknown) => {
      failure ??= err;
    });
  } else {
    parser.destroy();
  }
  if (failure !== null) throw failure instanceof AppError ? failure : unreadable(failure);
  return rows.finish();
}
