import { cardLabel } from "@pointwise/core/decks";
import type { SessionView, StoryView } from "@pointwise/core/presented";

/** The Markdown export of a session's results (file session-results-{id}.md, spec part 2 section 9). */
export function resultsMarkdown(session: SessionView, stories: StoryView[], total: number): string {
  const lines = [`# ${session.title}`, "", "| Story | Ticket | Points |", "| --- | --- | --- |"];
  for (const s of stories) {
    const points = s.status === "completed" ? cardLabel(session.deck, s.finalPoints) : "Skipped";
    lines.push(`| ${s.title.replace(/\|/g, "\\|")} | ${s.ticketNumber ?? ""} | ${points} |`);
  }
  lines.push("", `**Total:** ${total} points`, "");
  return lines.join("\n");
}
