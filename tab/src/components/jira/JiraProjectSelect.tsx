import { Field, Select } from "@fluentui/react-components";
import { useJiraProjects } from "../../api/jiraQueries";

/** The select's value for "no project" (spec part 1 section 5: the UI's 'no-jira' sentinel). */
export const NO_JIRA = "no-jira";

/**
 * The Jira project select (Create and Edit Session dialogs, the Jira Integration card; issue #12
 * section 2): "No Jira project" and the projects of GET /api/integrations/jira/projects as
 * "KEY - name", under the label "Jira project". A saved key that the list lacks stays
 * selectable, so it is never lost silently; a failed list says so under the select.
 */
export function JiraProjectSelect({
  value,
  onChange,
  disabled,
  testId,
  hint,
}: {
  /** A project key, or NO_JIRA. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  testId?: string;
  hint?: string;
}) {
  const projects = useJiraProjects();
  const list = projects.data ?? [];
  const missing = value !== NO_JIRA && !list.some((p) => p.key === value);
  return (
    <Field
      label="Jira project"
      hint={hint}
      validationMessage={
        projects.isError ? "Jira projects could not be loaded. Check the connection in Automations." : undefined
      }
    >
      <Select
        value={value}
        disabled={disabled}
        onChange={(_e, d) => onChange(d.value)}
        data-testid={testId}
        aria-busy={projects.isLoading || undefined}
      >
        <option value={NO_JIRA}>{projects.isLoading ? "Loading projects..." : "No Jira project"}</option>
        {missing ? <option value={value}>{value}</option> : null}
        {list.map((p) => (
          <option key={p.id} value={p.key}>
            {p.key} - {p.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
