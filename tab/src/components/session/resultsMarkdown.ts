import { cardLabel } from "@pointwise/core/decks";
import { markdownText } from "@pointwise/core/markdownText";
import type { SessionView, StoryView } from "@pointwise/core/presented";

/**
 * The Markdown export of a session's results (file session-results-{id}.md, spec part 2
 * section 9). Titles and tickets are user text: core's `markdownText` keeps each on its table
 * row and inert (no HTML, links, images or `javascript:` targets; issue #7).
 * A CSV export (next issue) must also neutralise formulas: prefix cells starting with
 * `=`, `+`, `-`, `@`, tab or carriage return with `'` (OWASP "CSV Injection").
 */
export function resultsMarkdown(session: SessionView, stories: StoryView[], total: number): string {
  const lines = [`# ${markdownText(session.title)}`, "", "| Story | Ticket | Points |", "| --- | --- | --- |"];
  for (const s of stories) {
    const points = s.status === "completed" ? cardLabel(session.deck, s.finalPoints) : "Skipped";
    lines.push(`| ${markdownText(s.title)} | ${markdownText(s.ticketNumber ?? "")} | ${points} |`);
  }
  lines.push("", `**Total:** ${total} points`, "");
  return lines.join("\n");
}
