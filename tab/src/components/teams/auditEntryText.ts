import type { TeamAuditEntryView } from "@pointwise/core/presented";

const plural = new Intl.PluralRules("en");
const pointsFormat = new Intl.NumberFormat("en", { maximumFractionDigits: 1 });

/** "8 points", "1 point", "0.5 points" (Intl plural rules, spec points with one decimal). */
export function pointsText(points: number): string {
  return `${pointsFormat.format(points)} ${plural.select(points) === "one" ? "point" : "points"}`;
}

/**
 * What an audit-log entry says (issue #22), e.g. `Olga Owner completed “Login” with 8 points`,
 * `... changed “Login” from 5 to 8 points`, `... cleared the points of “Login” (was 8 points)`.
 */
export function auditEntryText(entry: TeamAuditEntryView): string {
  const story = `“${entry.storyTitle}”`;
  const who = entry.user.name;
  if (entry.action === "cleared") {
    const was = entry.previousPoints === null ? "" : ` (was ${pointsText(entry.previousPoints)})`;
    return `${who} cleared the points of ${story}${was}`;
  }
  const now = entry.finalPoints === null ? "no points" : pointsText(entry.finalPoints);
  if (entry.action === "completed") return `${who} completed ${story} with ${now}`;
  const from = entry.previousPoints === null ? "none" : pointsFormat.format(entry.previousPoints);
  return `${who} changed ${story} from ${from} to ${now}`;
}
