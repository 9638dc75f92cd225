import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from "@fluentui/react-components";
import {
  Eye20Regular,
  MoreHorizontal20Regular,
  PersonAvailable20Regular,
  PersonDelete20Regular,
} from "@fluentui/react-icons";
import type { ParticipantView } from "@pointwise/core/presented";
import { useState } from "react";
import { useRemoveParticipant, useSetParticipantRole } from "../../api/participantMutations";
import { useNotify } from "../../toasts/useNotify";
import { ConfirmDialog } from "../common/ConfirmDialog";

/**
 * The leader's menu on a participant tile (issue #8 section 1): make them an observer or a voter
 * again, and remove them from the session after a confirm dialog. The session's leader (creator)
 * cannot be removed, so that item is left out for them.
 */
export function ParticipantTileMenu({
  sessionId,
  participant,
  removable,
}: {
  sessionId: string;
  participant: ParticipantView;
  /** False for the session's creator or leader. */
  removable: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const setRole = useSetParticipantRole(sessionId);
  const remove = useRemoveParticipant(sessionId);
  const notify = useNotify();
  const observer = participant.role === "observer";
  const switchRole = () =>
    setRole.mutate(
      { participantId: participant.id, role: observer ? "participant" : "observer" },
      { onError: (error) => notify("Could not change the role", error.message, "error") },
    );
  const onConfirm = () =>
    remove.mutate(participant.id, {
      onSuccess: () => {
        setConfirming(false);
        notify(`${participant.displayName} was removed from the session`);
      },
      onError: (error) => notify("Could not remove the participant", error.message, "error"),
    });
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            size="small"
            icon={<MoreHorizontal20Regular />}
            aria-label={`Actions for ${participant.displayName}`}
            data-testid={`participant-menu-${participant.voterKey}`}
          />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem
              icon={observer ? <PersonAvailable20Regular /> : <Eye20Regular />}
              onClick={switchRole}
              data-testid="participant-switch-role"
            >
              {observer ? "Make voter" : "Make observer"}
            </MenuItem>
            {removable ? (
              <MenuItem
                icon={<PersonDelete20Regular />}
                onClick={() => setConfirming(true)}
                data-testid="participant-remove"
              >
                Remove from session
              </MenuItem>
            ) : null}
          </MenuList>
        </MenuPopover>
      </Menu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove participant"
        message={`Remove ${participant.displayName} from this session? Their vote on the current story is dropped and they lose access at once.`}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        destructive
        onConfirm={onConfirm}
      />
    </>
  );
}
