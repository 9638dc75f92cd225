import fs from "node:fs";
import path from "node:path";

/** The real Bamboo backlog of the story-point dataset (../shared/data/storypoints). */
export const BAMBOO_CSV = path.resolve(__dirname, "../../../../shared/data/storypoints/bamboo.csv");

/** The first `n` records of a CSV file, header included (quoted records may span lines). */
export function firstCsvRecords(file: string, n: number): string {
  const text = fs.readFileSync(file, "utf8");
  let inQuotes = false;
  let records = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === "\n" && !inQuotes && ++records === n + 1) return text.slice(0, i + 1);
  }
  return text;
}

/** The storypoints dataset's folder (../shared/data/storypoints). */
const STORYPOINTS_DIR = path.dirname(BAMBOO_CSV);

/** The records of a CSV file, header first, each with its line end (quoted records may span lines). */
export function csvRecords(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const records: string[] = [];
  let inQuotes = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === "\n" && !inQuotes) {
      records.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) records.push(`${text.slice(start)}\n`);
  return records;
}

/**
 * A backlog CSV of `rows` real stories (issue #23 section 2 measures imports of 2,000): the
 * 1,680 of mesos.csv, then titanium.csv's, then appceleratorstudio.csv's (same columns), each
 * file's rows in order, real titles and descriptions (long ones included).
 */
export function realBacklogCsv(rows: number): string {
  const out: string[] = [];
  let header = "";
  for (const name of ["mesos.csv", "titanium.csv", "appceleratorstudio.csv"]) {
    const [head = "", ...data] = csvRecords(path.join(STORYPOINTS_DIR, name));
    header ||= head;
    out.push(...data.slice(0, rows - out.length));
    if (out.length >= rows) break;
  }
  return header + out.join("");
}
