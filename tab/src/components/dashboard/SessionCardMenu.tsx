import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from "@fluentui/react-components";
import { Archive20Regular, Delete20Regular, MoreHorizontal20Regular } from "@fluentui/react-icons";
import type { SessionView } from "@pointwise/core/presented";
import { useState } from "react";
import { useArchiveSession, useDeleteSession } from "../../api/sessionMutations";
import { useNotify } from "../../toasts/useNotify";
import { ConfirmDialog } from "../common/ConfirmDialog";

/** The owner's card menu: Archive Session and Delete Session, each confirmed (spec part 1 section 2). */
export function SessionCardMenu({ session }: { session: SessionView }) {
  const [confirming, setConfirming] = useState<"archive" | "delete" | null>(null);
  const archive = useArchiveSession("archive");
  const remove = useDeleteSession();
  const notify = useNotify();

  const onArchive = () =>
    archive.mutate(session.id, {
      onSuccess: () => {
        notify("Session archived");
        setConfirming(null);
      },
      onError: () => notify("Error", "Failed to archive session. Please try again.", "error"),
    });
  const onDelete = () =>
    remove.mutate(session.id, {
      onSuccess: () => {
        notify("Session deleted");
        setConfirming(null);
      },
      onError: () => notify("Error", "Failed to delete session. Please try again.", "error"),
    });

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" icon={<MoreHorizontal20Regular />} aria-label="Session actions" />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<Archive20Regular />} onClick={() => setConfirming("archive")}>
              Archive Session
            </MenuItem>
            <MenuItem icon={<Delete20Regular />} onClick={() => setConfirming("delete")}>
              Delete Session
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <ConfirmDialog
        open={confirming === "archive"}
        onOpenChange={(open) => setConfirming(open ? "archive" : null)}
        title="Archive Session"
        message={`"${session.title}" moves to the archive. Its data is kept and you can restore it at any time.`}
        confirmLabel="Archive Session"
        pendingLabel="Archiving..."
        pending={archive.isPending}
        onConfirm={onArchive}
      />
      <ConfirmDialog
        open={confirming === "delete"}
        onOpenChange={(open) => setConfirming(open ? "delete" : null)}
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
