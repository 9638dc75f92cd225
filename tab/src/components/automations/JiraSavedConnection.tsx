import { Badge, makeStyles, Text, tokens } from "@fluentui/react-components";
import type { JiraConfigView } from "@pointwise/core/jiraSchemas";

const useStyles = makeStyles({
  box: {
    display: "grid",
    gridTemplateColumns: "max-content minmax(0, 1fr)",
    columnGap: "12px",
    rowGap: "4px",
    padding: "12px",
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  value: { overflowWrap: "anywhere" },
  muted: { color: tokens.colorNeutralForeground3 },
  head: { gridColumn: "1 / -1", display: "flex", gap: "8px", alignItems: "center" },
});

/**
 * The saved Jira connection of /automations: site, e-mail, the masked API token, the story-points
 * field and the outcome of the last connection test (Connected, or Jira's reason).
 */
export function JiraSavedConnection({ saved }: { saved: JiraConfigView }) {
  const styles = useStyles();
  const failed = saved.lastTestResult !== null && saved.lastTestResult !== "success";
  return (
    <div className={styles.box} data-testid="jira-saved">
      <div className={styles.head}>
        <Text weight="semibold">Saved configuration</Text>
        {saved.lastTestResult === null ? null : (
          <Badge appearance="tint" color={failed ? "danger" : "success"} data-testid="jira-saved-status">
            {failed ? "Connection failed" : "Connected"}
          </Badge>
        )}
      </div>
      <Text className={styles.muted}>Server</Text>
      <Text className={styles.value}>{saved.serverUrl}</Text>
      <Text className={styles.muted}>Email</Text>
      <Text className={styles.value}>{saved.email}</Text>
      <Text className={styles.muted}>API token</Text>
      <Text className={styles.value} font="monospace" data-testid="jira-saved-token">
        {saved.apiToken}
      </Text>
      <Text className={styles.muted}>Story points field</Text>
      <Text className={styles.value}>{saved.storyPointsField || "Found automatically"}</Text>
      {failed && saved.lastTestError ? (
        <>
          <Text className={styles.muted}>Last test</Text>
          <Text className={styles.value}>{saved.lastTestError}</Text>
        </>
      ) : null}
    </div>
  );
}
