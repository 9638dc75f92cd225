import { Button, Checkbox, Field, makeStyles, Spinner, Text, Textarea, tokens } from "@fluentui/react-components";
import { Search20Regular } from "@fluentui/react-icons";
import type { JiraSearchResult } from "@pointwise/core/jiraSchemas";
import type { SessionView } from "@pointwise/core/presented";
import { useState } from "react";
import { ApiError } from "../../api/ApiError";
import { useJiraImport, useJiraSearch } from "../../api/jiraQueries";
import { useNotify } from "../../toasts/useNotify";
import { FormDialog } from "../common/FormDialog";

const useStyles = makeStyles({
  row: { display: "flex", gap: "8px", alignItems: "center", flexWrap: "wrap" },
  list: {
    display: "flex",
    flexDirection: "column",
    maxHeight: "280px",
    overflowY: "auto",
    padding: "4px",
    margin: 0,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * The server's message for a refused request, Jira's own (502 JIRA_ERROR: a bad JQL query) or a
 * wait (503 with Retry-After: "Jira is rate limiting requests: try again in N s"; issue #23
 * section 6), else a plain fallback.
 */
function reason(error: unknown, fallback: string): string {
  const shown =
    error instanceof ApiError &&
    ((error.status >= 400 && error.status < 500) || error.code === "JIRA_ERROR" || error.status === 503);
  return shown && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * Import from Jira (issue #12 section 3): a JQL query (empty: the server's default, the session
 * project's open stories without story points, ordered by rank), Preview (POST
 * /api/sessions/{id}/jira/search), a checkbox per matching issue (all chosen at first) and Import
 * (POST /api/sessions/{id}/jira/import {keys}).
 */
export function JiraImportDialog({
  session,
  open,
  onOpenChange,
}: {
  session: SessionView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const search = useJiraSearch(session.id);
  const importIssues = useJiraImport(session.id);
  const [jql, setJql] = useState("");
  const [preview, setPreview] = useState<JiraSearchResult | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());

  const onPreview = () =>
    search.mutate(jql.trim(), {
      onSuccess: (result) => {
        setPreview(result);
        setChosen(new Set(result.issues.map((i) => i.key)));
      },
      onError: (error) => notify("Preview Failed", reason(error, "Failed to search Jira."), "error"),
    });

  const onImport = () =>
    importIssues.mutate([...chosen], {
      onSuccess: ({ imported }) => {
        notify("Imported", `Imported ${imported} ${imported === 1 ? "story" : "stories"} from Jira.`);
        onOpenChange(false);
      },
      onError: (error) => notify("Import Failed", reason(error, "Failed to import issues from Jira."), "error"),
    });

  const toggle = (key: string, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import from Jira"
      description="Find issues with a JQL query, preview them and import the ones you choose as stories."
      submitLabel={`Import${chosen.size ? ` ${chosen.size}` : ""}`}
      submitTestId="jira-import-submit"
      submitDisabled={chosen.size === 0}
      busy={importIssues.isPending}
      size="lg"
      onSubmit={onImport}
    >
      <Field
        label="JQL query"
        hint={
          session.jiraProjectKey
            ? `Empty: open stories of ${session.jiraProjectKey} without story points, ordered by rank.`
            : "Empty: open stories of the session's Jira project without story points, ordered by rank."
        }
      >
        <Textarea
          value={jql}
          rows={2}
          maxLength={2000}
          placeholder={`project = ${session.jiraProjectKey ?? "KEY"} AND statusCategory != Done ORDER BY Rank`}
          onChange={(_e, d) => setJql(d.value)}
          data-testid="jira-jql"
        />
      </Field>
      <div className={styles.row}>
        <Button
          icon={search.isPending ? <Spinner aria-hidden size="extra-tiny" /> : <Search20Regular />}
          onClick={onPreview}
          disabled={search.isPending}
          data-testid="jira-preview"
        >
          Preview
        </Button>
        {preview ? (
          <Text className={styles.muted} data-testid="jira-preview-count">
            {preview.total === 0
              ? "No issues match."
              : `Showing ${preview.issues.length} of ${preview.total} ${preview.total === 1 ? "issue" : "issues"}`}
          </Text>
        ) : null}
      </div>
      {preview && preview.issues.length > 0 ? (
        <fieldset className={styles.list} aria-label="Matching Jira issues" data-testid="jira-preview-list">
          {preview.issues.map((issue) => (
            <Checkbox
              key={issue.key}
              checked={chosen.has(issue.key)}
              onChange={(_e, d) => toggle(issue.key, d.checked === true)}
              label={`${issue.key} - ${issue.summary}`}
            />
          ))}
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
