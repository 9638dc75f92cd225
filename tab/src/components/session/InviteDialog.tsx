import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Tab,
  TabList,
} from "@fluentui/react-components";
import { useState } from "react";
import { useReturnFocus } from "../common/useReturnFocus";
import { InviteByEmailForm } from "./InviteByEmailForm";
import { ShareLinkPanel } from "./ShareLinkPanel";

const useStyles = makeStyles({
  content: { display: "flex", flexDirection: "column", gap: "12px", minHeight: "150px" },
});

/** Invite Users: a Share Link tab (anyone can join without an account) and Invite by Email (spec part 2 section 2). */
export function InviteDialog({
  sessionId,
  isLeader,
  open,
  onOpenChange,
}: {
  sessionId: string;
  /** The leader also sees the pending invitations by e-mail. */
  isLeader: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const styles = useStyles();
  const [tab, setTab] = useState<"link" | "email">("link");
  useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={(_e, d) => onOpenChange(d.open)}>
      <DialogSurface style={{ maxWidth: "min(520px, calc(100vw - 32px))" }}>
        <DialogBody>
          <DialogTitle>Invite Users</DialogTitle>
          <DialogContent className={styles.content}>
            <TabList selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as "link" | "email")}>
              <Tab value="link">Share Link</Tab>
              <Tab value="email">Invite by Email</Tab>
            </TabList>
            {tab === "link" ? (
              <ShareLinkPanel sessionId={sessionId} />
            ) : (
              <InviteByEmailForm sessionId={sessionId} isLeader={isLeader} />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onOpenChange(false)}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
