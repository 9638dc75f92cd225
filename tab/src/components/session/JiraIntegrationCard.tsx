import { Button, Card, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { ArrowDownload20Regular, TicketDiagonal20Regular } from "@fluentui/react-icons";
import type { SessionView } from "@pointwise/core/presented";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useSetJiraProject } from "../../api/jiraQueries";
import { useJiraConnection } from "../../api/useJiraConnection";
import { useNotify } from "../../toasts/useNotify";
import { JiraImportDialog } from "../jira/JiraImportDialog";
import { JiraProjectSelect, NO_JIRA } from "../jira/JiraProjectSelect";
import { ticketCounts } from "../jira/ticketCounts";
import { useCreateTickets } from "../jira/useCreateTickets";

const useStyles = makeStyles({
  card: { padding: "16px", gap: "10px" },
  row: { display: "flex", gap: "8px", flexWrap: "wrap" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * The session's Jira Integration card (spec part 2 sections 2, 5, 6 and 8; issue #12 sections 2
 * and 3). Those who can manage the session and have a Jira connection pick the project (PATCH
 * /api/sessions/{id} {jiraProjectKey}: Project Updated / Update Failed), create tickets for the
 * stories without one and import issues; without a connection they are led to Automations.
 * Everyone else sees the project and the ticket count. Without a Jira project or connection the
 * count speaks of ticket keys, not Jira tickets, and is left out when no story has one (issue #22).
 */
export function JiraIntegrationCard({ session, canManage }: { session: SessionView; canManage: boolean }) {
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const jira = useJiraConnection();
  const setProject = useSetJiraProject(session.id);
  const tickets = useCreateTickets(session);
  const [importing, setImporting] = useState(false);
  const counts = ticketCounts(session.stats);
  const connected = canManage && !!jira.config;
  // Ticket keys are Jira tickets only where Jira is in play: the session has a Jira project, or
  // its manager a connection (issue #22); keys imported from a CSV are otherwise just keys.
  const jiraInPlay = !!session.jiraProjectKey || connected;

  const onProject = (value: string) =>
    setProject.mutate(value === NO_JIRA ? null : value, {
      onSuccess: (s) =>
        notify(
          "Project Updated",
          s.jiraProjectKey ? `Jira project set to ${s.jiraProjectKey}.` : "Jira project cleared.",
        ),
      onError: () => notify("Update Failed", "Failed to update Jira project.", "error"),
    });

  return (
    <Card className={styles.card} data-testid="jira-card">
      <Text weight="semibold">Jira Integration</Text>
      {connected ? (
        <JiraProjectSelect
          value={session.jiraProjectKey ?? NO_JIRA}
          onChange={onProject}
          disabled={setProject.isPending}
          testId="jira-project-select"
        />
      ) : (
        <Text data-testid="jira-project-key">
          {session.jiraProjectKey ? `Project: ${session.jiraProjectKey}` : "No Jira project selected."}
        </Text>
      )}
      {jiraInPlay || counts.withTicket > 0 ? (
        <Text size={200} className={styles.muted} data-testid="jira-ticket-count">
          {counts.withTicket} of {counts.total} {counts.total === 1 ? "story has" : "stories have"}{" "}
          {jiraInPlay ? "a Jira ticket" : "a ticket key"}
        </Text>
      ) : null}
      {connected ? (
        <div className={styles.row}>
          <Button
            appearance="primary"
            icon={tickets.pending ? <Spinner aria-hidden size="extra-tiny" /> : <TicketDiagonal20Regular />}
            disabled={tickets.disabled}
            onClick={tickets.run}
            data-testid="jira-create-tickets"
          >
            {tickets.pending ? "Creating..." : "Create Tickets"}
          </Button>
          <Button icon={<ArrowDownload20Regular />} onClick={() => setImporting(true)} data-testid="jira-import-open">
            Import from Jira
          </Button>
        </div>
      ) : canManage && jira.allowed && jira.config === null ? (
        <>
          <Text size={200} className={styles.muted}>
            Connect Jira to pick a project and create tickets from these stories.
          </Text>
          <div>
            <Button onClick={() => navigate("/automations")} data-testid="jira-connect">
              Connect Jira
            </Button>
          </div>
        </>
      ) : canManage && !jira.allowed ? (
        <Text size={200} className={styles.muted}>
          Jira tickets are a Pro feature.
        </Text>
      ) : null}
      {importing ? <JiraImportDialog session={session} open onOpenChange={setImporting} /> : null}
    </Card>
  );
}
