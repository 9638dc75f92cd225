import { Button, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { CheckmarkCircle16Regular, Warning16Regular } from "@fluentui/react-icons";
import type { JiraSyncView } from "@pointwise/core/presented";
import { useRetryJiraSync } from "../../api/jiraQueries";
import { useNotify } from "../../toasts/useNotify";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", gap: "6px", minWidth: 0 },
  failedRow: {
    display: "grid",
    gridTemplateColumns: "auto minmax(0, 1fr) auto",
    alignItems: "center",
    columnGap: "6px",
    minWidth: 0,
  },
  failed: { color: tokens.colorPaletteRedForeground1, overflowWrap: "anywhere", minWidth: 0 },
  quiet: { color: tokens.colorNeutralForeground3 },
});

/**
 * The write-back of a story's final points to Jira (issue #12 sections 3 and 4): pending is a
 * quiet "Sending points to Jira..."; ok a quiet confirmation; failed "Points not sent to Jira:
 * <error>" with Retry (POST /api/stories/{id}/jira/sync) for those who can manage the session.
 * Nothing without an attempt.
 */
export function JiraSyncNotice({
  sessionId,
  storyId,
  sync,
  canManage,
}: {
  sessionId: string;
  storyId: string;
  sync: JiraSyncView | null | undefined;
  canManage: boolean;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const retry = useRetryJiraSync(sessionId);
  if (!sync) return null;
  if (sync.status === "pending" || retry.isPending) {
    return (
      <div className={styles.row} data-testid="jira-sync" data-status="pending">
        <Spinner aria-hidden size="extra-tiny" />
        <Text size={200} className={styles.quiet}>
          Sending points to Jira...
        </Text>
      </div>
    );
  }
  if (sync.status === "ok") {
    return (
      <div className={styles.row} data-testid="jira-sync" data-status="ok">
        <CheckmarkCircle16Regular className={styles.quiet} aria-hidden />
        <Text size={200} className={styles.quiet}>
          Points sent to Jira
        </Text>
      </div>
    );
  }
  return (
    <div className={styles.failedRow} data-testid="jira-sync" data-status="failed" role="status">
      <Warning16Regular className={styles.failed} aria-hidden />
      <Text size={200} className={styles.failed}>
        Points not sent to Jira: {sync.error || "unknown error"}
      </Text>
      {canManage ? (
        <Button
          size="small"
          onClick={() =>
            retry.mutate(storyId, {
              onError: () => notify("Retry Failed", "Failed to send the points to Jira.", "error"),
            })
          }
          data-testid="jira-sync-retry"
        >
          Retry
        </Button>
      ) : null}
    </div>
  );
}
