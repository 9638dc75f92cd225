import { Button, Card, Dropdown, makeStyles, Option, Switch, Text, tokens } from "@fluentui/react-components";
import type { TeamView } from "@pointwise/core/presented";
import { useState } from "react";
import { useUpdateTeam } from "../../api/teamQueries";
import { useNotify } from "../../toasts/useNotify";
import { ClickToEditField } from "./ClickToEditField";

const useStyles = makeStyles({
  card: { display: "flex", flexDirection: "column", gap: "16px" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The display-only privacy and compliance toggles (spec part 2 section 2: nothing is saved). */
const PRIVACY_TOGGLES = [
  { key: "private", label: "Private team (only invited members can see team sessions)", initial: true },
  { key: "anonymous", label: "Allow anonymous participants in team sessions", initial: true },
  { key: "audit", label: "Keep an audit log of estimates", initial: false },
] as const;

/** The display-only data-retention choices (spec part 2 section 2). */
const RETENTION_CHOICES = ["30 days", "90 days", "1 year", "Forever"] as const;

/**
 * The Settings tab of a team (spec part 2 section 2): click-to-edit name and description for the
 * owner, the created date, display-only privacy toggles and retention, and a Delete Team
 * button that is always disabled. Toasts: "Team Updated" / "Failed to update team details.
 * Please try again." (spec part 2 section 8).
 */
export function TeamDetailsTab({ team, isOwner }: { team: TeamView; isOwner: boolean }) {
  const styles = useStyles();
  const notify = useNotify();
  const update = useUpdateTeam(team.id);
  const [toggles, setToggles] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(PRIVACY_TOGGLES.map((t) => [t.key, t.initial])),
  );
  const [retention, setRetention] = useState<string>("Forever");
  const save = (input: { name?: string; description?: string }) =>
    update.mutateAsync(input).then(
      () => notify("Team Updated", "The team details were saved."),
      (err: unknown) => {
        notify("Error", "Failed to update team details. Please try again.", "error");
        throw err;
      },
    );
  return (
    <Card className={styles.card}>
      <ClickToEditField
        label="Name"
        value={team.name}
        placeholder="Team name"
        editable={isOwner}
        maxLength={100}
        onSave={(name) => save({ name })}
      />
      <ClickToEditField
        label="Description"
        value={team.description ?? ""}
        placeholder={isOwner ? "Add a description" : "No description"}
        editable={isOwner}
        multiline
        maxLength={500}
        onSave={(description) => save({ description })}
      />
      <Text size={200} className={styles.muted} data-testid="team-created">
        Created {new Date(team.createdAt).toLocaleDateString()}
      </Text>
      <Text weight="semibold">Privacy and compliance</Text>
      {PRIVACY_TOGGLES.map((t) => (
        <Switch
          key={t.key}
          label={t.label}
          checked={toggles[t.key] ?? false}
          disabled={!isOwner}
          onChange={(_e, d) => setToggles((prev) => ({ ...prev, [t.key]: d.checked }))}
        />
      ))}
      <Text weight="semibold">Data retention</Text>
      <Dropdown
        aria-label="Data retention"
        value={retention}
        selectedOptions={[retention]}
        disabled={!isOwner}
        onOptionSelect={(_e, d) => d.optionValue && setRetention(d.optionValue)}
      >
        {RETENTION_CHOICES.map((r) => (
          <Option key={r} value={r}>
            {r}
          </Option>
        ))}
      </Dropdown>
      <Text weight="semibold">Danger zone</Text>
      <Button appearance="primary" disabled style={{ alignSelf: "flex-start" }}>
        Delete Team
      </Button>
    </Card>
  );
}
