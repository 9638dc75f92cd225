import { Badge, Checkbox, makeStyles, Spinner, shorthands, Text, tokens } from "@fluentui/react-components";
import { Dismiss12Regular } from "@fluentui/react-icons";
import { displayNameOf } from "@pointwise/core/displayNames";
import { useTeamMembers } from "../../api/teamQueries";

const useStyles = makeStyles({
  list: {
    height: "220px",
    overflowY: "auto",
    ...shorthands.border("1px", "solid", tokens.colorNeutralStroke2),
    borderRadius: tokens.borderRadiusMedium,
    padding: "4px 8px",
  },
  row: { display: "flex", alignItems: "center", gap: "6px" },
  chosen: { display: "flex", flexWrap: "wrap", gap: "4px" },
  remove: {
    ...shorthands.borderStyle("none"),
    backgroundColor: "transparent",
    cursor: "pointer",
    padding: 0,
    display: "flex",
    color: "inherit",
  },
  note: { color: tokens.colorNeutralForeground3 },
});

/**
 * The team members a new session invites: checkboxes (admins carry an 'Admin' badge), chosen
 * members as removable 'invited' badges, list 220 px high (spec part 1 section 2).
 * @param selfId the creator, who is never listed
 */
export function InviteMembersList({
  teamId,
  selfId,
  chosen,
  onChange,
}: {
  teamId: string;
  selfId: string | undefined;
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  const styles = useStyles();
  const members = useTeamMembers(teamId);
  if (members.isLoading) return <Spinner size="tiny" label="Loading team members..." />;
  const others = (members.data ?? []).filter((m) => m.user.id !== selfId);
  if (others.length === 0) return <Text className={styles.note}>No other members in this team</Text>;
  const toggle = (id: string, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((c) => c !== id));
  const chosenMembers = others.filter((m) => chosen.includes(m.user.id));
  return (
    <div>
      {chosenMembers.length > 0 ? (
        <div className={styles.chosen}>
          {chosenMembers.map((m) => (
            <Badge key={m.user.id} appearance="tint" color="brand">
              {displayNameOf(m.user)} invited{" "}
              <button
                type="button"
                className={styles.remove}
                aria-label={`Remove ${displayNameOf(m.user)}`}
                onClick={() => toggle(m.user.id, false)}
              >
                <Dismiss12Regular />
              </button>
            </Badge>
          ))}
        </div>
      ) : null}
      {chosenMembers.length === others.length ? (
        <Text className={styles.note}>All team members have been invited</Text>
      ) : null}
      <div className={styles.list}>
        {others.map((m) => (
          <div key={m.user.id} className={styles.row}>
            <Checkbox
              checked={chosen.includes(m.user.id)}
              onChange={(_e, d) => toggle(m.user.id, d.checked === true)}
              label={`${displayNameOf(m.user)}${m.user.email ? ` (${m.user.email})` : ""}`}
            />
            {m.role === "admin" ? (
              <Badge size="small" appearance="outline">
                Admin
              </Badge>
            ) : null}
          </div>
        ))}
      </div>
    </div>
  );
}
