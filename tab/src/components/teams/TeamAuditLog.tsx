import { makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { useTeamAudit } from "../../api/teamQueries";
import { auditEntryText } from "./auditEntryText";

const useStyles = makeStyles({
  group: { display: "flex", flexDirection: "column", gap: "8px" },
  list: { margin: 0, padding: 0, listStyleType: "none", display: "flex", flexDirection: "column", gap: "8px" },
  entry: { display: "flex", flexDirection: "column", overflowWrap: "anywhere" },
  muted: { color: tokens.colorNeutralForeground3 },
});

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * The team's audit log on the Settings tab (issue #22): who changed a story's final points and
 * when, newest first (GET /api/teams/{id}/audit, the latest 100). Shown to the owner and admins
 * while the log is on.
 */
export function TeamAuditLog({ teamId }: { teamId: string }) {
  const styles = useStyles();
  const audit = useTeamAudit(teamId, true);
  return (
    <section className={styles.group} aria-labelledby="team-audit-heading">
      <Text weight="semibold" as="h2" id="team-audit-heading">
        Audit log
      </Text>
      {audit.isLoading ? <Spinner size="tiny" aria-label="Loading" /> : null}
      {audit.isError ? <Text className={styles.muted}>The audit log could not be loaded.</Text> : null}
      {audit.data?.length === 0 ? <Text className={styles.muted}>No final points recorded yet.</Text> : null}
      {audit.data?.length ? (
        <ul className={styles.list} data-testid="team-audit-log">
          {audit.data.map((entry) => (
            <li key={entry.id} className={styles.entry}>
              <Text>{auditEntryText(entry)}</Text>
              <Text size={200} className={styles.muted}>
                {entry.sessionTitle} · {when.format(new Date(entry.createdAt))}
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
