import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { Delete20Regular } from "@fluentui/react-icons";
import type { TeamView } from "@pointwise/core/presented";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useDeleteTeam } from "../../api/teamQueries";
import { useNotify } from "../../toasts/useNotify";
import { ConfirmDialog } from "../common/ConfirmDialog";

const useStyles = makeStyles({
  group: { display: "flex", flexDirection: "column", gap: "8px", alignItems: "flex-start" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * The danger zone of the owner's Settings tab (issue #22): Delete Team, confirmed in a dialog;
 * the team's sessions stay with their creators, outside any team. On success the toast "Team
 * deleted" and the dashboard; on failure "Failed to delete team. Please try again.". The
 * promise of `mutateAsync` is followed rather than the call's callbacks: the page may turn to
 * the not-found view (the team's push) before the answer arrives, unmounting this component.
 */
export function DeleteTeamSection({ team }: { team: TeamView }) {
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const remove = useDeleteTeam(team.id);
  const [confirming, setConfirming] = useState(false);
  const confirm = () =>
    remove.mutateAsync().then(
      () => {
        notify("Team deleted", `${team.name} was deleted. Its sessions stay with the people who created them.`);
        navigate("/");
      },
      () => {
        setConfirming(false);
        notify("Error", "Failed to delete team. Please try again.", "error");
      },
    );
  return (
    <div className={styles.group}>
      <Text weight="semibold" as="h2">
        Danger zone
      </Text>
      <Text size={200} className={styles.muted}>
        Deleting the team removes its members, invitations and audit log. Its sessions are kept, outside any team.
      </Text>
      <Button icon={<Delete20Regular />} onClick={() => setConfirming(true)} data-testid="team-delete-open">
        Delete Team
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete team"
        message={`Delete ${team.name}? Its sessions stay with the people who created them, outside any team; members lose access to the sessions they only saw through the team. This cannot be undone.`}
        confirmLabel="Delete Team"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
