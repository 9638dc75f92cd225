import { Button, Field, Input, makeStyles, Text } from "@fluentui/react-components";
import { useState } from "react";
import { isApiError } from "../../api/ApiError";
import { useInviteParticipant } from "../../api/sessionMutations";
import { useNotify } from "../../toasts/useNotify";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "10px" },
});

/** Invite a registered user by e-mail (spec part 2 sections 2, 5 and 8). */
export function InviteByEmailForm({ sessionId }: { sessionId: string }) {
  const styles = useStyles();
  const notify = useNotify();
  const invite = useInviteParticipant(sessionId);
  const [email, setEmail] = useState("");
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      notify("Email required", "Please enter an email address", "error");
      return;
    }
    invite.mutate(
      { email: email.trim() },
      {
        onSuccess: () => {
          notify("Invite sent!", `${email.trim()} was added to the session.`);
          setEmail("");
        },
        onError: (error) =>
          notify(
            "Failed to send invite.",
            isApiError(error, "USER_NOT_FOUND")
              ? "No registered user has this email address."
              : isApiError(error)
                ? error.serverMessage
                : undefined,
            "error",
          ),
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Text>Only registered users can be invited by email.</Text>
      <Field label="Email address" required>
        <Input type="email" value={email} onChange={(_e, d) => setEmail(d.value)} data-testid="invite-email-input" />
      </Field>
      <Button appearance="primary" type="submit" disabled={invite.isPending} style={{ alignSelf: "flex-start" }}>
        {invite.isPending ? "Sending..." : "Send Invite"}
      </Button>
    </form>
  );
}
