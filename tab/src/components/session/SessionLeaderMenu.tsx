import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from "@fluentui/react-components";
import { Delete20Regular, Edit20Regular, MoreVertical20Regular } from "@fluentui/react-icons";
import type { SessionView } from "@pointwise/core/presented";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { DeleteSessionDialog } from "../sessions/DeleteSessionDialog";

// Opens from the menu: its form (Select, Switch, Textarea) loads then (issue #6 part 4).
const EditSessionDialog = lazy(() => import("./EditSessionDialog").then((m) => ({ default: m.EditSessionDialog })));

/** The leader's session menu: Edit Session and Delete Session (with confirmation). */
export function SessionLeaderMenu({ session }: { session: SessionView }) {
  const [open, setOpen] = useState<"edit" | "delete" | null>(null);
  const navigate = useNavigate();
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
        <Suspense fallback={null}>
          <EditSessionDialog session={session} open onOpenChange={(o) => setOpen(o ? "edit" : null)} />
        </Suspense>
      ) : null}
      <DeleteSessionDialog
        session={session}
        open={open === "delete"}
        onOpenChange={(o) => setOpen(o ? "delete" : null)}
        onDeleted={() => navigate("/")}
      />
    </>
  );
}
