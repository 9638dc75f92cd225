import type { SessionStats } from "@pointwise/core/presented";

/** How many stories count and how many of them have, or still need, a Jira ticket. */
export interface TicketCounts {
  total: number;
  withTicket: number;
  needing: number;
}

/**
 * Spec part 2 section 5: only stories with a non-empty title count toward totals (every story
 * has one: the title is required); a story needs a ticket when it has no ticketNumber. Read from
 * the session's counts, which cover the whole queue (issue #22 section 3).
 */
export function ticketCounts(stats: Pick<SessionStats, "totalStories" | "storiesWithTicket">): TicketCounts {
  const withTicket = Math.min(stats.storiesWithTicket, stats.totalStories);
  return { total: stats.totalStories, withTicket, needing: stats.totalStories - withTicket };
}
