import type { SessionView } from "@pointwise/core/presented";
import { useCreateJiraTickets } from "../../api/jiraQueries";
import { useNotify } from "../../toasts/useNotify";
import {
  createTicketsFailureNotice,
  createTicketsNotice,
  NO_TICKETS_NEEDED,
  type Notice,
  PROJECT_REQUIRED,
} from "./jiraNotices";
import { ticketCounts } from "./ticketCounts";

/** Create Tickets as the Jira Integration card and the Summary dialog offer it. */
export interface CreateTicketsAction {
  /** Calls POST /api/sessions/{id}/jira/create-tickets, or toasts why not. */
  run: () => void;
  pending: boolean;
  /** Spec part 2 section 5: no project, a request pending, or no story needing a ticket. */
  disabled: boolean;
  needing: number;
}

/**
 * Create Tickets (spec part 2 sections 5 and 8; issue #12 section 2): a project is required
 * (Project Required), nothing to do is No Tickets Needed, and the answer's toast comes from
 * createTicketsNotice (partial success is a success).
 */
export function useCreateTickets(session: SessionView): CreateTicketsAction {
  const notify = useNotify();
  const create = useCreateJiraTickets(session.id);
  const { needing } = ticketCounts(session.stats);
  const show = (n: Notice) => notify(n.title, n.description, n.intent);
  const run = () => {
    if (!session.jiraProjectKey) return show(PROJECT_REQUIRED);
    if (needing === 0) return show(NO_TICKETS_NEEDED);
    create.mutate(undefined, {
      onSuccess: (result) => show(createTicketsNotice(result)),
      onError: (error) => show(createTicketsFailureNotice(error)),
    });
  };
  return {
    run,
    pending: create.isPending,
    disabled: !session.jiraProjectKey || create.isPending || needing === 0,
    needing,
  };
}
