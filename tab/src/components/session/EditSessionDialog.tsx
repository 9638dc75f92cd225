import { Field, Input, Select, Switch, Textarea } from "@fluentui/react-components";
import type { SessionView } from "@pointwise/core/presented";
import { useState } from "react";
import { isApiError } from "../../api/ApiError";
import { useUpdateSession } from "../../api/sessionMutations";
import { useTeams } from "../../api/teamQueries";
import { useJiraConnection } from "../../api/useJiraConnection";
import { formatFieldErrors } from "../../errors/describeApiError";
import { useNotify } from "../../toasts/useNotify";
import { FormDialog } from "../common/FormDialog";
import { JiraProjectSelect, NO_JIRA } from "../jira/JiraProjectSelect";
import { AUTO_REVEAL_LABEL } from "./AutoRevealSwitch";

/**
 * Edit Session: title, description, team, project key, max participants (spec part 2 sections 2
 * and 5) and auto-reveal (issue #8 section 2). With a Jira connection the project key is chosen
 * from the Jira projects (issue #12 section 2); without one it is typed.
 */
export function EditSessionDialog({
  session,
  open,
  onOpenChange,
}: {
  session: SessionView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const notify = useNotify();
  const teams = useTeams();
  const update = useUpdateSession(session.id);
  const jira = useJiraConnection();
  const [title, setTitle] = useState(session.title);
  const [description, setDescription] = useState(session.description ?? "");
  const [teamId, setTeamId] = useState(session.teamId ?? "no-team");
  const [projectKey, setProjectKey] = useState(session.jiraProjectKey ?? "");
  const [max, setMax] = useState(String(session.maxParticipants));
  const [autoReveal, setAutoReveal] = useState(session.autoReveal);

  const submit = () => {
    const parsedMax = Number.parseInt(max, 10);
    update.mutate(
      {
        title: title.trim(),
        description: description.trim() || null,
        teamId: teamId === "no-team" ? null : teamId,
        jiraProjectKey: projectKey === NO_JIRA ? null : projectKey.trim() || null,
        maxParticipants: Number.isNaN(parsedMax) ? 50 : parsedMax,
        autoReveal,
      },
      {
        onSuccess: () => {
          notify("Session updated");
          onOpenChange(false);
        },
        onError: (error) => {
          const fields = isApiError(error) ? formatFieldErrors(error.body.errors) : null;
          notify("Error", fields ?? "Failed to update session. Please try again.", "error");
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Session"
      submitLabel="Save Changes"
      busy={update.isPending}
      submitDisabled={!title.trim()}
      onSubmit={submit}
    >
      <Field label="Title" required>
        <Input value={title} maxLength={200} onChange={(_e, d) => setTitle(d.value)} />
      </Field>
      <Field label="Description">
        <Textarea value={description} maxLength={1000} rows={3} onChange={(_e, d) => setDescription(d.value)} />
      </Field>
      <Field label="Team">
        <Select value={teamId} onChange={(_e, d) => setTeamId(d.value)}>
          <option value="no-team">No team (Personal session)</option>
          {(teams.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
      </Field>
      {jira.config ? (
        <JiraProjectSelect
          value={projectKey.trim() || NO_JIRA}
          onChange={setProjectKey}
          testId="edit-session-jira-project"
        />
      ) : (
        <Field label="Project key">
          <Input value={projectKey} maxLength={50} onChange={(_e, d) => setProjectKey(d.value)} />
        </Field>
      )}
      <Field label="Max participants">
        <Input type="number" min={2} max={100} value={max} onChange={(_e, d) => setMax(d.value)} />
      </Field>
      <Switch
        label={AUTO_REVEAL_LABEL}
        checked={autoReveal}
        onChange={(_e, d) => setAutoReveal(d.checked)}
        data-testid="edit-session-auto-reveal"
      />
    </FormDialog>
  );
}
