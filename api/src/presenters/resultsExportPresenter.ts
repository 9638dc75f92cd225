import { resultsCsvRows, resultsMarkdown } from "@pointwise/core/resultsExport";
import type { SessionResultsData } from "../queries/sessionResults";

/** An export file: its body, content type and `Content-Disposition` header. */
export interface ExportFile {
  body: string;
  contentType: string;
  disposition: string;
}

/** `attachment; filename="..."` for a file name of ours (ASCII: the session id is a UUID). */
const attachment = (fileName: string): string => `attachment; filename="${fileName}"`;

/**
 * The Markdown export (spec part 2 section 9: file session-results-{id}.md), built by core's
 * `resultsMarkdown`, the same function the web app uses, so both give one document.
 */
export function presentResultsMarkdown(data: SessionResultsData): ExportFile {
  return {
    body: resultsMarkdown(data.session, data.stories, data.votes, data.history),
    contentType: "text/markdown; charset=utf-8",
    disposition: attachment(`session-results-${data.session.id}.md`),
  };
}

/**
 * The CSV export (issue #8 section 4; file session-results-{id}.csv): core's `resultsCsvRows`
 * (cells already neutralised against formula injection) quoted by csv-stringify (RFC 4180,
 * CRLF line ends) with a byte order mark so spreadsheets read UTF-8 (☕, ½, accents).
 */
export function presentResultsCsv(data: SessionResultsData): ExportFile {
  const rows = resultsCsvRows(data.session, data.stories, data.votes, data.history);
  // Loaded by the first export, not at every start (issue #10).
  const { stringify } = require("csv-stringify/sync") as typeof import("csv-stringify/sync");
  return {
    body: stringify(rows, { bom: true, record_delimiter: "windows" }),
    contentType: "text/csv; charset=utf-8",
    disposition: attachment(`session-results-${data.session.id}.csv`),
  };
}
