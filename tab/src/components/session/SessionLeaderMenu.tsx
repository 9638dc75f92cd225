import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from "@fluentui/react-components";
import { Delete20Regular, Edit20Regular, MoreVertical20Regular } from "@fluentui/react-icons";
import type { SessionView } from "@pointwise/core/presented";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useDeleteSession } from "../../api/sessionMutations";
import { useNotify } from "../../toasts/useNotify";
import { ConfirmDialog } from "../common/ConfirmDialog";
import { EditSessionDialog } from "./EditSessionDialog";

/** The leader's session menu: Edit Session and Delete Session (with confirmation). */
export function SessionLeaderMenu({ session }: { session: SessionView }) {
  const [open, setOpen] = useState<"edit" | "delete" | null>(null);
  const remove = useDeleteSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const onDelete = () =>
    remove.mutate(session.id, {
      onSuccess: () => {
        notify("Session deleted");
        navigate("/");
      },
      onError: () => notify("Error", "Failed to delete session. Please try again.", "error"),
    });
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            icon={<MoreVertical20Regular />}
            aria-label="Session menu"
            data-testid="session-menu"
          />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<Edit20Regular />} onClick={() => setOpen("edit")}>
              Edit Session
            </MenuItem>
            <MenuItem icon={<Delete20Regular />} onClick={() => setOpen("delete")}>
              Delete Session
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {open === "edit" ? (
        <EditSessionDialog session={session} open onOpenChange={(o) => setOpen(o ? "edit" : null)} />
      ) : null}
      <ConfirmDialog
        open={open === "delete"}
        onOpenChange={(o) => setOpen(o ? "delete" : null)}
        title="Delete Session"
        message={`This permanently removes "${session.title}" with all its stories, votes and data. This cannot be undone.`}
        confirmLabel="Delete Session"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onConfirm={onDelete}
      />
    </>
  );
}
