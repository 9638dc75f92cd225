import { Button, Card, makeStyles, Spinner, Text } from "@fluentui/react-components";
import { PersonAdd20Regular } from "@fluentui/react-icons";
import { displayNameOf } from "@pointwise/core/displayNames";
import type { TeamMemberView, TeamView } from "@pointwise/core/presented";
import { useState } from "react";
import {
  useCancelTeamInvitation,
  useRemoveTeamMember,
  useSetTeamMemberRole,
  useTeamInvitations,
} from "../../api/teamQueries";
import { useNotify } from "../../toasts/useNotify";
import { ConfirmDialog } from "../common/ConfirmDialog";
import { InviteTeamMemberDialog } from "./InviteTeamMemberDialog";
import { TeamInvitationsList } from "./TeamInvitationsList";
import { TeamMemberRow } from "./TeamMemberRow";
import { managesMembers, memberActions } from "./teamRoles";

const useStyles = makeStyles({
  card: { display: "flex", flexDirection: "column", gap: "8px" },
  header: { display: "flex", alignItems: "center", justifyContent: "space-between" },
});

/**
 * The Members tab (spec part 2 section 2): the member list, Invite Member and pending
 * invitations for the owner and admins, role selector and remove with confirm. Toasts (spec
 * part 2 section 8): "Role Updated" / "Failed to update member role. Please try again.",
 * "Member Removed" / "Failed to remove team member. Please try again.".
 */
export function TeamMembersTab({
  team,
  members,
  viewerId,
  loading,
}: {
  team: TeamView;
  members: TeamMemberView[];
  viewerId: string;
  loading: boolean;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const viewer = members.find((m) => m.user.id === viewerId);
  const canManage = managesMembers(viewer);
  const invitations = useTeamInvitations(team.id, canManage);
  const setRole = useSetTeamMemberRole(team.id);
  const remove = useRemoveTeamMember(team.id);
  const cancelInvitation = useCancelTeamInvitation(team.id);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TeamMemberView | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.user.id, {
      onSuccess: () => notify("Member Removed", `${displayNameOf(removing.user)} was removed from the team.`),
      onError: () => notify("Error", "Failed to remove team member. Please try again.", "error"),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Card className={styles.card}>
      <div className={styles.header}>
        <Text weight="semibold">Members ({members.length})</Text>
        {canManage ? (
          <Button icon={<PersonAdd20Regular />} onClick={() => setInviting(true)} data-testid="team-invite-open">
            Invite Member
          </Button>
        ) : null}
      </div>
      {loading ? <Spinner aria-label="Loading" size="tiny" /> : null}
      {members.map((m) => (
        <TeamMemberRow
          key={m.id}
          member={m}
          isCreator={m.user.id === team.creatorId}
          manage={memberActions(viewer, m).manage}
          busy={setRole.isPending || remove.isPending}
          onRoleChange={(role) =>
            setRole.mutate(
              { userId: m.user.id, role },
              {
                onSuccess: () => notify("Role Updated", `${displayNameOf(m.user)} is now ${role}.`),
                onError: () => notify("Error", "Failed to update member role. Please try again.", "error"),
              },
            )
          }
          onRemove={() => setRemoving(m)}
        />
      ))}
      {canManage ? (
        <TeamInvitationsList
          invitations={invitations.data ?? []}
          busy={cancelInvitation.isPending}
          onCancel={(inv) =>
            cancelInvitation.mutate(inv.id, {
              onSuccess: () => notify("Invitation cancelled", `The link sent to ${inv.email} no longer works.`),
              onError: () => notify("Error", "Failed to cancel the invitation. Please try again.", "error"),
            })
          }
        />
      ) : null}
      <InviteTeamMemberDialog teamId={team.id} open={inviting} onOpenChange={setInviting} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove member"
        message={`Remove ${removing ? displayNameOf(removing.user) : ""} from ${team.name}? They will lose access to the team's sessions.`}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        destructive
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
