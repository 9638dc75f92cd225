import { Badge, Button, Link, makeStyles, Tooltip } from "@fluentui/react-components";
import { Dismiss16Regular, Open16Regular } from "@fluentui/react-icons";
import { isApiError } from "../../api/ApiError";
import { useRemoveTicket } from "../../api/jiraQueries";
import { jiraIssueUrl } from "../../api/useJiraConnection";
import { useNotify } from "../../toasts/useNotify";

const useStyles = makeStyles({
  root: { display: "inline-flex", alignItems: "center", gap: "2px", flexShrink: 0 },
  link: { display: "inline-flex", alignItems: "center", gap: "4px", fontWeight: 600 },
});

/**
 * A story's ticket key (spec part 2 sections 6-8; issue #12 section 2): a link to the Jira issue
 * when the viewer's Jira site is known, else a badge; for those who can manage the session a
 * Remove ticket button (DELETE /api/stories/{id}/ticket: Ticket Removed / Remove Failed with the
 * server's message, else "Failed to remove ticket number.").
 */
export function StoryTicket({
  sessionId,
  storyId,
  ticketNumber,
  serverUrl,
  canManage,
}: {
  sessionId: string;
  storyId: string;
  ticketNumber: string;
  serverUrl: string | null | undefined;
  canManage: boolean;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const remove = useRemoveTicket(sessionId);
  const url = jiraIssueUrl(serverUrl, ticketNumber);
  // mutateAsync, not mutate's callbacks: the push that clears the ticket may unmount this
  // component before the answer arrives, and the toast must still show.
  const onRemove = () =>
    remove.mutateAsync(storyId).then(
      () => notify("Ticket Removed", `${ticketNumber} is no longer linked to this story.`),
      (error: unknown) =>
        notify(
          "Remove Failed",
          (isApiError(error) && error.serverMessage) || "Failed to remove ticket number.",
          "error",
        ),
    );
  return (
    <span className={styles.root} data-testid="story-ticket">
      {url ? (
        <Link
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={styles.link}
          aria-label={`${ticketNumber} (opens Jira in a new tab)`}
          data-testid="story-ticket-link"
        >
          {ticketNumber}
          <Open16Regular aria-hidden />
        </Link>
      ) : (
        <Badge appearance="outline" data-testid="story-ticket-key">
          {ticketNumber}
        </Badge>
      )}
      {canManage ? (
        <Tooltip content="Remove ticket" relationship="label">
          <Button
            size="small"
            appearance="subtle"
            icon={<Dismiss16Regular />}
            disabled={remove.isPending}
            onClick={onRemove}
            data-testid="story-ticket-remove"
          />
        </Tooltip>
      ) : null}
    </span>
  );
}
