import { Badge, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useSessionInvitations } from "../../api/sessionQueries";

const useStyles = makeStyles({
  list: { display: "flex", flexDirection: "column", gap: "4px", margin: 0, padding: 0, listStyleType: "none" },
  row: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: "8px" },
  heading: { color: tokens.colorNeutralForeground3 },
});

/**
 * The leader's pending invitations by e-mail, each address with an 'Invited' badge (issue #7:
 * the address as typed, never the name of an account behind it). Renders nothing when none.
 */
export function PendingInvitations({ sessionId }: { sessionId: string }) {
  const styles = useStyles();
  const invitations = useSessionInvitations(sessionId).data ?? [];
  if (invitations.length === 0) return null;
  return (
    <div data-testid="pending-invitations">
      <Text size={200} weight="semibold" className={styles.heading}>
        Pending invitations
      </Text>
      <ul className={styles.list}>
        {invitations.map((invitation) => (
          <li key={invitation.id} className={styles.row}>
            <Text truncate wrap={false}>
              {invitation.email}
            </Text>
            <Badge appearance="tint" color="informative">
              Invited
            </Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
