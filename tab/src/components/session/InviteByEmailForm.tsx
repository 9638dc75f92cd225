import { Button, Field, Input, makeStyles, Text } from "@fluentui/react-components";
import { useState } from "react";
import { isApiError } from "../../api/ApiError";
import { useInviteByEmail } from "../../api/sessionMutations";
import { useNotify } from "../../toasts/useNotify";
import { PendingInvitations } from "./PendingInvitations";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "10px" },
});

/**
 * Invite by e-mail (spec part 2 sections 2, 5 and 8; toasts 'Invite sent!' / 'Failed to send
 * invite.'). The server answers alike whether or not the address has an account (issue #7):
 * the person sees the session once signed in with it. The leader also sees the pending list.
 */
export function InviteByEmailForm({ sessionId, isLeader }: { sessionId: string; isLeader: boolean }) {
  const styles = useStyles();
  const notify = useNotify();
  const invite = useInviteByEmail(sessionId);
  const [email, setEmail] = useState("");
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      notify("Email required", "Please enter an email address", "error");
      return;
    }
    invite.mutate(address, {
      onSuccess: () => {
        notify("Invite sent!", `${address} is invited to this session.`);
        setEmail("");
      },
      onError: (error) =>
        notify("Failed to send invite.", isApiError(error) ? error.serverMessage : undefined, "error"),
    });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Text>
        Only registered users can join by email invitation: the person sees this session once signed in with this
        address.
      </Text>
      <Field label="Email address" required>
        <Input type="email" value={email} onChange={(_e, d) => setEmail(d.value)} data-testid="invite-email-input" />
      </Field>
      <Button appearance="primary" type="submit" disabled={invite.isPending} style={{ alignSelf: "flex-start" }}>
        {invite.isPending ? "Sending..." : "Send Invite"}
      </Button>
      {isLeader ? <PendingInvitations sessionId={sessionId} /> : null}
    </form>
  );
}
