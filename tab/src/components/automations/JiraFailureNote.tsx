import { Button, MessageBar, MessageBarBody, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useId, useState } from "react";

const useStyles = makeStyles({
  body: { display: "flex", flexDirection: "column", alignItems: "flex-start", gap: "4px" },
  detail: { color: tokens.colorNeutralForeground3, overflowWrap: "anywhere" },
  // Flush with the message above it.
  toggle: { minWidth: 0, paddingLeft: 0, paddingRight: 0 },
});

/** A failed Jira test or save as the form shows it: the words for the user, and what the system said. */
export interface JiraFailure {
  message: string;
  detail?: string;
}

/**
 * Why the last Jira connection test (or the test after saving) failed, under the form: the words
 * for the user ("Jira server not found: check the URL") and, behind Details, the system's own
 * words (`getaddrinfo ENOTFOUND ...`) for whoever runs the server (issue #22).
 */
export function JiraFailureNote({ failure }: { failure: JiraFailure }) {
  const styles = useStyles();
  const detailId = useId();
  const [open, setOpen] = useState(false);
  return (
    <MessageBar intent="error" layout="multiline" data-testid="jira-failure">
      <MessageBarBody className={styles.body}>
        <Text>{failure.message}</Text>
        {failure.detail ? (
          <>
            <Button
              appearance="transparent"
              size="small"
              className={styles.toggle}
              aria-expanded={open}
              aria-controls={detailId}
              onClick={() => setOpen((v) => !v)}
              data-testid="jira-failure-details"
            >
              {open ? "Hide details" : "Details"}
            </Button>
            <div id={detailId}>
              {open ? (
                <Text font="monospace" size={200} className={styles.detail}>
                  {failure.detail}
                </Text>
              ) : null}
            </div>
          </>
        ) : null}
      </MessageBarBody>
    </MessageBar>
  );
}
