import type { StoryView } from "@pointwise/core/presented";

/** How many stories count and how many of them have, or still need, a Jira ticket. */
export interface TicketCounts {
  total: number;
  withTicket: number;
  needing: number;
}

/**
 * Spec part 2 section 5: only stories with a non-empty title count toward totals; a story needs
 * a ticket when it has no ticketNumber.
 */
export function ticketCounts(stories: readonly Pick<StoryView, "title" | "ticketNumber">[]): TicketCounts {
  const counted = stories.filter((s) => s.title.trim() !== "");
  const withTicket = counted.filter((s) => !!s.ticketNumber?.trim()).length;
  return { total: counted.length, withTicket, needing: counted.length - withTicket };
}
