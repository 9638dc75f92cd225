import { Dropdown, Field, makeStyles, Option, Switch, Text } from "@fluentui/react-components";
import type { TeamView } from "@pointwise/core/presented";
import {
  DATA_RETENTION_CHOICES,
  DATA_RETENTION_LABELS,
  type DataRetention,
  type TeamSettingsInput,
} from "@pointwise/core/teamSchemas";
import { useUpdateTeamSettings } from "../../api/teamQueries";
import { useNotify } from "../../toasts/useNotify";

const useStyles = makeStyles({
  group: { display: "flex", flexDirection: "column", gap: "8px" },
  retention: { maxWidth: "320px" },
});

type SwitchKey = "allowAnonymousParticipants" | "privateTeam" | "auditLog";

/** The three switches: label, and what the toast says once each is saved on and off (issue #22). */
const SWITCHES: readonly { key: SwitchKey; label: string; on: string; off: string }[] = [
  {
    key: "privateTeam",
    label:
      "Private team — only members see this team and its sessions list. Turn off to let anyone signed in find its sessions.",
    on: "Only members see the team and its sessions list.",
    off: "Anyone signed in can now see the team and find its sessions.",
  },
  {
    key: "allowAnonymousParticipants",
    label: "Allow anonymous participants in team sessions",
    on: "Guests may join the team's sessions by name.",
    off: "Guests can no longer join the team's sessions by name.",
  },
  {
    key: "auditLog",
    label: "Keep an audit log of final points (who changed them, and when)",
    on: "Changes of final points are now recorded.",
    off: "Changes of final points are no longer recorded.",
  },
];

/** The toast's words for a saved retention. */
const retentionSaved = (choice: DataRetention): string =>
  choice === "indefinite"
    ? "Ended team sessions are kept indefinitely."
    : `Ended team sessions are deleted after ${DATA_RETENTION_LABELS[choice]}.`;

/**
 * The team's privacy and compliance settings (spec part 2 section 2 shows them; issue #22 makes
 * them real): three switches and the data-retention choice, each saved on change through
 * PATCH /api/teams/{id} {settings} for the owner and admins (`canEdit`), read-only for others.
 * Toasts "Team Updated" with what changed / "Failed to update team details. Please try again."
 * (spec part 2 section 8).
 */
export function TeamPrivacySettings({ team, canEdit }: { team: TeamView; canEdit: boolean }) {
  const styles = useStyles();
  const notify = useNotify();
  const update = useUpdateTeamSettings(team.id);
  const pending = update.isPending ? update.variables : undefined;
  const settings = { ...team.settings, ...pending };
  const save = (change: TeamSettingsInput, saved: string) =>
    update.mutate(change, {
      onSuccess: () => notify("Team Updated", saved),
      onError: () => notify("Error", "Failed to update team details. Please try again.", "error"),
    });
  return (
    <div className={styles.group}>
      <Text weight="semibold" as="h2">
        Privacy and compliance
      </Text>
      {SWITCHES.map((s) => (
        <Switch
          key={s.key}
          label={s.label}
          checked={settings[s.key]}
          disabled={!canEdit || update.isPending}
          onChange={(_e, d) => save({ [s.key]: d.checked }, d.checked ? s.on : s.off)}
        />
      ))}
      <Field
        label="Data retention"
        hint="Team sessions that ended longer ago than this are deleted with their stories and votes."
        className={styles.retention}
      >
        <Dropdown
          value={DATA_RETENTION_LABELS[settings.dataRetention]}
          selectedOptions={[settings.dataRetention]}
          disabled={!canEdit || update.isPending}
          onOptionSelect={(_e, d) => {
            const choice = DATA_RETENTION_CHOICES.find((c) => c === d.optionValue);
            if (choice && choice !== settings.dataRetention) save({ dataRetention: choice }, retentionSaved(choice));
          }}
        >
          {DATA_RETENTION_CHOICES.map((choice) => (
            <Option key={choice} value={choice}>
              {DATA_RETENTION_LABELS[choice]}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {canEdit ? null : <Text size={200}>Only the team owner and admins can change these settings.</Text>}
    </div>
  );
}
