import { Button, Field, Input, makeStyles, Text } from "@fluentui/react-components";
import { Copy20Regular, Open20Regular } from "@fluentui/react-icons";
import { useRef } from "react";
import { useJoinInfo } from "../../api/joinInfoQueries";
import { useNotify } from "../../toasts/useNotify";
import { copyText } from "../common/copyText";

const useStyles = makeStyles({
  row: { display: "flex", gap: "8px" },
  input: { flex: 1 },
});

/**
 * The read-only join link `${origin}/join/${id}`, with Copy ('Copied!') and a test link, and who
 * it lets in (guests by name, unless the session's team allows no anonymous participants).
 */
export function ShareLinkPanel({ sessionId }: { sessionId: string }) {
  const styles = useStyles();
  const notify = useNotify();
  const inputRef = useRef<HTMLInputElement>(null);
  const link = `${window.location.origin}/join/${sessionId}`;
  // The session's team may turn guests away (issue #22): say who the link lets in.
  // Nothing is claimed until the answer is in (a wrong "Anyone..." would flash first); a failed
  // read falls back to the usual case.
  const joinInfo = useJoinInfo(sessionId);
  const guestsAllowed = joinInfo.data?.anonymousAllowed ?? true;
  const known = joinInfo.data !== undefined || joinInfo.isError;
  const copy = () =>
    copyText(link, inputRef.current).then(
      () => notify("Copied!", "The join link is on your clipboard."),
      () => notify("Failed to copy", "Please try again.", "error"),
    );
  return (
    <>
      <Text data-testid="share-link-who" aria-busy={!known}>
        {!known
          ? "\u00a0"
          : guestsAllowed
            ? "Anyone with this link can join the session without an account."
            : "Anyone with this link can join the session after signing in: this team does not allow anonymous participants."}
      </Text>
      <Field label="Join link">
        <div className={styles.row}>
          <Input
            ref={inputRef}
            className={styles.input}
            value={link}
            readOnly
            data-testid="share-link-input"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button icon={<Copy20Regular />} onClick={copy} aria-label="Copy link">
            Copy
          </Button>
        </div>
      </Field>
      <Button
        appearance="subtle"
        icon={<Open20Regular />}
        as="a"
        href={link}
        target="_blank"
        rel="noopener"
        style={{ alignSelf: "flex-start" }}
      >
        Test link
      </Button>
    </>
  );
}
