import { Card, Divider, makeStyles, Text, tokens } from "@fluentui/react-components";
import type { TeamView } from "@pointwise/core/presented";
import { useUpdateTeam } from "../../api/teamQueries";
import { useNotify } from "../../toasts/useNotify";
import { ClickToEditField } from "./ClickToEditField";
import { DeleteTeamSection } from "./DeleteTeamSection";
import { TeamAuditLog } from "./TeamAuditLog";
import { TeamPrivacySettings } from "./TeamPrivacySettings";

const useStyles = makeStyles({
  card: { display: "flex", flexDirection: "column", gap: "16px" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** What the viewer may do on the Settings tab: the owner everything, an admin the settings (issue #22). */
export interface TeamDetailsAccess {
  isOwner: boolean;
  /** Owner or admin: change the privacy settings and read the audit log. */
  managesSettings: boolean;
}

/**
 * The Settings tab of a team (spec part 2 section 2; issue #22): click-to-edit name and
 * description for the owner, the created date, the privacy and compliance settings (saved for
 * the owner and admins), the audit log for them while it is on, and Delete Team for the owner.
 * Toasts: "Team Updated" / "Failed to update team details. Please try again." (spec part 2 section 8).
 */
export function TeamDetailsTab({ team, access }: { team: TeamView; access: TeamDetailsAccess }) {
  const styles = useStyles();
  const notify = useNotify();
  const update = useUpdateTeam(team.id);
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
        editable={access.isOwner}
        maxLength={100}
        onSave={(name) => save({ name })}
      />
      <ClickToEditField
        label="Description"
        value={team.description ?? ""}
        placeholder={access.isOwner ? "Add a description" : "No description"}
        editable={access.isOwner}
        multiline
        maxLength={500}
        onSave={(description) => save({ description })}
      />
      <Text size={200} className={styles.muted} data-testid="team-created">
        Created {new Date(team.createdAt).toLocaleDateString()}
      </Text>
      <Divider />
      <TeamPrivacySettings team={team} canEdit={access.managesSettings} />
      {access.managesSettings && team.settings.auditLog ? (
        <>
          <Divider />
          <TeamAuditLog teamId={team.id} />
        </>
      ) : null}
      {access.isOwner ? (
        <>
          <Divider />
          <DeleteTeamSection team={team} />
        </>
      ) : null}
    </Card>
  );
}
