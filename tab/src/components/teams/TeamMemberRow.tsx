import { Avatar, Badge, Button, Dropdown, makeStyles, Option, Text, tokens } from "@fluentui/react-components";
import { Delete20Regular } from "@fluentui/react-icons";
import { displayNameOf } from "@pointwise/core/displayNames";
import type { TeamMemberView } from "@pointwise/core/presented";
import type { AssignableTeamRole } from "@pointwise/core/teamSchemas";
import { ROLE_SELECTOR_CHOICES, teamRoleLabel } from "./teamRoles";

const useStyles = makeStyles({
  row: {
    display: "flex",
    alignItems: "center",
    gap: "12px",
    padding: "8px 0",
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  name: { flex: 1, display: "flex", flexDirection: "column", minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  select: { minWidth: "120px" },
});

/** Props of TeamMemberRow: `manage` shows the role selector and remove (teamRoles.memberActions). */
export interface TeamMemberRowProps {
  member: TeamMemberView;
  isCreator: boolean;
  manage: boolean;
  busy?: boolean;
  onRoleChange: (role: AssignableTeamRole) => void;
  onRemove: () => void;
}

/** One member: avatar, name or e-mail, role badge, joined date; role selector and remove for managers (spec part 2 section 2). */
export function TeamMemberRow({ member, isCreator, manage, busy, onRoleChange, onRemove }: TeamMemberRowProps) {
  const styles = useStyles();
  const name = displayNameOf(member.user); // name, else e-mail (spec part 2 section 2)
  const label = teamRoleLabel(member.role, isCreator);
  return (
    <div className={styles.row} data-testid={`team-member-${member.user.id}`}>
      <Avatar
        name={name}
        image={member.user.profileImageUrl ? { src: member.user.profileImageUrl } : undefined}
        size={32}
      />
      <span className={styles.name}>
        <Text truncate>{name}</Text>
        <Text size={200} className={styles.muted}>
          Joined {new Date(member.joinedAt).toLocaleDateString()}
        </Text>
      </span>
      <Badge appearance="tint" color={label === "Owner" ? "brand" : "informative"} data-testid="role-badge">
        {label}
      </Badge>
      {manage ? (
        <>
          <Dropdown
            className={styles.select}
            aria-label={`Role of ${name}`}
            value={teamRoleLabel(member.role)}
            selectedOptions={[member.role]}
            disabled={busy}
            onOptionSelect={(_e, data) => {
              const role = data.optionValue as AssignableTeamRole | undefined;
              if (role && role !== member.role) onRoleChange(role);
            }}
          >
            {ROLE_SELECTOR_CHOICES.map((role) => (
              <Option key={role} value={role}>
                {teamRoleLabel(role)}
              </Option>
            ))}
          </Dropdown>
          <Button
            appearance="subtle"
            icon={<Delete20Regular />}
            aria-label={`Remove ${name}`}
            disabled={busy}
            onClick={onRemove}
          />
        </>
      ) : null}
    </div>
  );
}
