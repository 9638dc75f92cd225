import { Button, Input, MessageBar, MessageBarBody, makeStyles, Text } from "@fluentui/react-components";
import { Copy20Regular } from "@fluentui/react-icons";
import { useRef } from "react";
import { useNotify } from "../../toasts/useNotify";
import { copyText } from "../common/copyText";

const useStyles = makeStyles({
  body: { display: "flex", flexDirection: "column", gap: "6px", minWidth: 0 },
  row: { display: "flex", gap: "8px", minWidth: 0 },
  input: { flex: 1, minWidth: 0 },
});

/**
 * After an invitation by e-mail: says that no e-mail went out (session invitations send none,
 * issue #22) and offers the join link to send the person, with Copy.
 */
export function InvitedNote({ sessionId, address }: { sessionId: string; address: string }) {
  const styles = useStyles();
  const notify = useNotify();
  const inputRef = useRef<HTMLInputElement>(null);
  const link = `${window.location.origin}/join/${sessionId}`;
  const copy = () =>
    copyText(link, inputRef.current).then(
      () => notify("Copied!", "The join link is on your clipboard."),
      () => notify("Failed to copy", "Please try again.", "error"),
    );
  return (
    <MessageBar intent="info" layout="multiline" data-testid="invited-note">
      <MessageBarBody className={styles.body}>
        <Text>
          {address} is invited: they see this session once signed in with that address. No e-mail was sent, so send them
          the join link:
        </Text>
        <div className={styles.row}>
          <Input
            ref={inputRef}
            className={styles.input}
            value={link}
            readOnly
            aria-label="Join link"
            data-testid="invited-link"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button icon={<Copy20Regular />} onClick={copy}>
            Copy
          </Button>
        </div>
      </MessageBarBody>
    </MessageBar>
  );
}
