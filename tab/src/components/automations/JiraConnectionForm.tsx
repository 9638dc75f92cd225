import { Button, Field, Input, Link, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { PlugConnected20Regular, Save20Regular } from "@fluentui/react-icons";
import type { JiraConfigView } from "@pointwise/core/jiraSchemas";
import { useState } from "react";
import { type JiraConfigInput, useSaveJiraConfig, useTestJiraConnection } from "../../api/jiraQueries";
import { useNotify } from "../../toasts/useNotify";
import {
  type Notice,
  saveConfigFailureNotice,
  saveConfigNotice,
  testConnectionFailureNotice,
  testConnectionNotice,
} from "../jira/jiraNotices";
import { type JiraFailure, JiraFailureNote } from "./JiraFailureNote";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "12px" },
  actions: { display: "flex", gap: "8px", flexWrap: "wrap" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Where Atlassian account holders create API tokens. */
const TOKEN_PAGE = "https://id.atlassian.com/manage-profile/security/api-tokens";

/** True when the Save button may be pressed: spec part 2 section 5, "Jira save is disabled when all three fields are empty". */
export function canSaveJiraForm(values: { serverUrl: string; email: string; apiToken: string }): boolean {
  return [values.serverUrl, values.email, values.apiToken].some((v) => v.trim() !== "");
}

/**
 * The Jira connection form of /automations (spec part 2 sections 2, 4, 5 and 8; issue #12
 * section 1): server URL, e-mail, API token and an optional story-points field id; Test
 * Connection and Save. With a saved connection the token box may stay empty: the saved token
 * (shown masked) is kept.
 */
export function JiraConnectionForm({ saved }: { saved: JiraConfigView | null }) {
  const styles = useStyles();
  const notify = useNotify();
  const test = useTestJiraConnection();
  const save = useSaveJiraConfig();
  const [serverUrl, setServerUrl] = useState(saved?.serverUrl ?? "");
  const [email, setEmail] = useState(saved?.email ?? "");
  const [apiToken, setApiToken] = useState("");
  const [storyPointsField, setStoryPointsField] = useState(saved?.storyPointsField ?? "");
  // The last failed test, shown under the form with the system's words behind Details (issue #22).
  const [failure, setFailure] = useState<JiraFailure | null>(null);
  const show = (n: Notice) => notify(n.title, n.description, n.intent);

  const input = (): JiraConfigInput => ({
    serverUrl: serverUrl.trim(),
    email: email.trim(),
    ...(apiToken.trim() ? { apiToken: apiToken.trim() } : {}),
    storyPointsField: storyPointsField.trim() || null,
  });

  const onTest = () =>
    test.mutate(input(), {
      onSuccess: (result) => {
        show(testConnectionNotice(result));
        setFailure(
          result.success
            ? null
            : {
                message: result.error || "Failed to connect to Jira.",
                ...(result.detail ? { detail: result.detail } : {}),
              },
        );
      },
      onError: (error) => show(testConnectionFailureNotice(error)),
    });

  const onSave = () =>
    save.mutate(input(), {
      onSuccess: (result) => {
        show(saveConfigNotice(result));
        setFailure(
          result.testError
            ? { message: result.testError, ...(result.testErrorDetail ? { detail: result.testErrorDetail } : {}) }
            : null,
        );
        if (!result.error) setApiToken("");
      },
      onError: (error) => show(saveConfigFailureNotice(error)),
    });

  const busy = test.isPending || save.isPending;
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
      data-testid="jira-form"
    >
      <Field label="Jira server URL" hint="Your Jira Cloud site, e.g. https://your-team.atlassian.net">
        <Input
          type="url"
          value={serverUrl}
          maxLength={500}
          placeholder="https://your-team.atlassian.net"
          onChange={(_e, d) => setServerUrl(d.value)}
          data-testid="jira-server-url"
        />
      </Field>
      <Field label="Email" hint="The e-mail address of the Atlassian account the token belongs to">
        <Input
          type="email"
          value={email}
          maxLength={255}
          onChange={(_e, d) => setEmail(d.value)}
          data-testid="jira-email"
        />
      </Field>
      <Field
        label="API token"
        hint={
          <>
            Create one at{" "}
            <Link href={TOKEN_PAGE} target="_blank" rel="noopener noreferrer" inline>
              Atlassian account settings
            </Link>
            . Atlassian API tokens expire after 1 to 365 days (you choose when creating it); when it expires, create a
            new one and save it here.
            {saved ? " Leave empty to keep the saved token." : ""}
          </>
        }
      >
        <Input
          type="password"
          value={apiToken}
          maxLength={500}
          autoComplete="off"
          placeholder={saved ? `Saved: ${saved.apiToken}` : undefined}
          onChange={(_e, d) => setApiToken(d.value)}
          data-testid="jira-api-token"
        />
      </Field>
      <Field
        label="Story points field"
        hint="Optional: the Jira field id that holds story points (e.g. customfield_10016). Empty: found automatically."
      >
        <Input
          value={storyPointsField}
          maxLength={100}
          placeholder="customfield_10016"
          onChange={(_e, d) => setStoryPointsField(d.value)}
          data-testid="jira-story-points-field"
        />
      </Field>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          type="submit"
          icon={save.isPending ? <Spinner aria-hidden size="extra-tiny" /> : <Save20Regular />}
          disabled={busy || !canSaveJiraForm({ serverUrl, email, apiToken })}
          data-testid="jira-save"
        >
          Save Configuration
        </Button>
        <Button
          icon={test.isPending ? <Spinner aria-hidden size="extra-tiny" /> : <PlugConnected20Regular />}
          onClick={onTest}
          disabled={busy || !serverUrl.trim() || !email.trim() || (!apiToken.trim() && !saved)}
          data-testid="jira-test"
        >
          Test Connection
        </Button>
      </div>
      {failure ? <JiraFailureNote failure={failure} /> : null}
      {saved ? null : (
        <Text size={200} className={styles.muted}>
          The API token is stored encrypted and is never shown again in clear.
        </Text>
      )}
    </form>
  );
}
