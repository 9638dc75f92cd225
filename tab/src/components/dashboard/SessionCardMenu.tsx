import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from "@fluentui/react-components";
import { Archive20Regular, Delete20Regular, MoreHorizontal20Regular } from "@fluentui/react-icons";
import type { SessionView } from "@pointwise/core/presented";
import { useState } from "react";
import { useArchiveSession } from "../../api/sessionMutations";
import { useNotify } from "../../toasts/useNotify";
import { ConfirmDialog } from "../common/ConfirmDialog";
import { DeleteSessionDialog } from "../sessions/DeleteSessionDialog";

/** The owner's card menu: Archive Session and Delete Session, each confirmed (spec part 1 section 2). */
export function SessionCardMenu({ session }: { session: SessionView }) {
  const [confirming, setConfirming] = useState<"archive" | "delete" | null>(null);
  const archive = useArchiveSession("archive");
  const notify = useNotify();

  const onArchive = () =>
    archive.mutate(session.id, {
      onSuccess: () => {
        notify("Session archived");
        setConfirming(null);
      },
      onError: () => notify("Error", "Failed to archive session. Please try again.", "error"),
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
      <DeleteSessionDialog
        session={session}
        open={confirming === "delete"}
        onOpenChange={(open) => setConfirming(open ? "delete" : null)}
        onDeleted={() => setConfirming(null)}
      />
    </>
  );
}
