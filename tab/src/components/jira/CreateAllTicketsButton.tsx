import { Button, Spinner } from "@fluentui/react-components";
import { TicketDiagonal20Regular } from "@fluentui/react-icons";
import type { SessionView } from "@pointwise/core/presented";
import { useJiraConnection } from "../../api/useJiraConnection";
import { useCreateTickets } from "./useCreateTickets";

/**
 * The Summary dialog's "Create All Tickets" (spec part 2 section 7; issue #12 section 2): calls
 * POST /api/sessions/{id}/jira/create-tickets for real, where the spec had a simulated 1.5 s
 * wait. Shown to those who can manage the session and have a Jira connection; the rules and
 * toasts are the Jira Integration card's (useCreateTickets).
 */
export function CreateAllTicketsButton({ session }: { session: SessionView }) {
  const jira = useJiraConnection();
  const tickets = useCreateTickets(session);
  if (!jira.config) return null;
  return (
    <Button
      icon={tickets.pending ? <Spinner aria-hidden size="extra-tiny" /> : <TicketDiagonal20Regular />}
      disabled={tickets.disabled}
      onClick={tickets.run}
      data-testid="summary-create-tickets"
    >
      {tickets.pending ? "Creating..." : "Create All Tickets"}
    </Button>
  );
}
