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
