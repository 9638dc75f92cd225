import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { Dismiss20Regular } from "@fluentui/react-icons";
import type { TeamInvitationView } from "@pointwise/core/presented";
import { teamRoleLabel } from "./teamRoles";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", gap: "12px", padding: "6px 0" },
  grow: { flex: 1, display: "flex", flexDirection: "column", minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Pending invitations (issue #11 section 1) with a cancel button each; nothing when there are none. */
export function TeamInvitationsList({
  invitations,
  busy,
  onCancel,
}: {
  invitations: TeamInvitationView[];
  busy?: boolean;
  onCancel: (invitation: TeamInvitationView) => void;
}) {
  const styles = useStyles();
  if (invitations.length === 0) return null;
  return (
    <section aria-label="Pending invitations">
      <Text weight="semibold">Pending invitations</Text>
      {invitations.map((inv) => (
        <div key={inv.id} className={styles.row} data-testid={`team-invitation-${inv.id}`}>
          <span className={styles.grow}>
            <Text truncate>{inv.email}</Text>
            <Text size={200} className={styles.muted}>
              {teamRoleLabel(inv.role)} · expires {new Date(inv.expiresAt).toLocaleDateString()}
            </Text>
          </span>
          <Button
            appearance="subtle"
            icon={<Dismiss20Regular />}
            aria-label={`Cancel the invitation of ${inv.email}`}
            disabled={busy}
            onClick={() => onCancel(inv)}
          />
        </div>
      ))}
    </section>
  );
}
