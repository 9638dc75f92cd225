import { Button, Field, Input, makeStyles, Text } from "@fluentui/react-components";
import { useState } from "react";
import { isApiError } from "../../api/ApiError";
import { useInviteByEmail } from "../../api/sessionMutations";
import { useNotify } from "../../toasts/useNotify";
import { InvitedNote } from "./InvitedNote";
import { PendingInvitations } from "./PendingInvitations";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "10px" },
});

/**
 * Invite by e-mail (spec part 2 sections 2, 5 and 8; failure toast 'Failed to send invite.'). The
 * server answers alike whether or not the address has an account (issue #7): the person sees the
 * session once signed in with it. No e-mail goes out for a session invitation, so the form says so
 * and offers the join link to pass on; the toast keeps the spec's title, 'Invite sent!', and says
 * that no e-mail was sent (issue #22). The leader also sees the pending list.
 */
export function InviteByEmailForm({ sessionId, isLeader }: { sessionId: string; isLeader: boolean }) {
  const styles = useStyles();
  const notify = useNotify();
  const invite = useInviteByEmail(sessionId);
  const [email, setEmail] = useState("");
  const [invited, setInvited] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      notify("Email required", "Please enter an email address", "error");
      return;
    }
    invite.mutate(address, {
      onSuccess: () => {
        // The spec's toast title; its words say what happened: no e-mail goes out (issue #22).
        notify("Invite sent!", `${address} sees this session once signed in with that address. No e-mail was sent.`);
        setInvited(address);
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
        address. No e-mail is sent, so let them know yourself.
      </Text>
      <Field label="Email address" required>
        <Input type="email" value={email} onChange={(_e, d) => setEmail(d.value)} data-testid="invite-email-input" />
      </Field>
      <Button appearance="primary" type="submit" disabled={invite.isPending} style={{ alignSelf: "flex-start" }}>
        {invite.isPending ? "Inviting..." : "Invite"}
      </Button>
      {invited ? <InvitedNote sessionId={sessionId} address={invited} /> : null}
      {isLeader ? <PendingInvitations sessionId={sessionId} /> : null}
    </form>
  );
}
