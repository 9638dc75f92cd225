import { Button, Dropdown, Field, Input, makeStyles, Option, Text } from "@fluentui/react-components";
import { Copy20Regular } from "@fluentui/react-icons";
import type { AssignableTeamRole } from "@pointwise/core/teamSchemas";
import { inviteTeamMemberSchema } from "@pointwise/core/teamSchemas";
import { useState } from "react";
import { useInviteTeamMember } from "../../api/teamQueries";
import { useNotify } from "../../toasts/useNotify";
import { FormDialog } from "../common/FormDialog";
import { INVITE_ROLE_CHOICES, teamRoleLabel } from "./teamRoles";

const useStyles = makeStyles({ row: { display: "flex", gap: "8px" }, grow: { flex: 1 } });

/**
 * Invite Member: e-mail and role (spec part 2 section 2). An address with an account joins at
 * once ("Member Added"); otherwise the dialog shows the invitation link to copy (issue #11
 * section 1), also e-mailed when the server has SMTP. "Invitation Sent" only when the e-mail went
 * out (`emailSent`); without it "Invitation Created" says the link must be shared (issue #22).
 * Failure: "Failed to send invitation. Please try again." (spec part 2 section 8).
 */
export function InviteTeamMemberDialog({
  teamId,
  open,
  onOpenChange,
}: {
  teamId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const invite = useInviteTeamMember(teamId);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AssignableTeamRole>("member");
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [emailed, setEmailed] = useState(false);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setEmail("");
      setRole("member");
      setError(null);
      setLink(null);
    }
  };
  const submit = () => {
    if (link) return close(false);
    const parsed = inviteTeamMemberSchema.safeParse({ email, role });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Invalid email address");
    setError(null);
    invite.mutate(parsed.data, {
      onSuccess: (result) => {
        if (result.status === "added") {
          notify("Member Added", `${parsed.data.email} is now a member of the team.`);
          close(false);
        } else if (result.emailSent) {
          notify("Invitation Sent", `An e-mail with the link went to ${parsed.data.email}.`);
          setEmailed(true);
          setLink(result.inviteUrl ?? null);
        } else {
          notify("Invitation Created", "No e-mail could be sent: copy the link below and share it.");
          setEmailed(false);
          setLink(result.inviteUrl ?? null);
        }
      },
      onError: (err) => {
        notify("Error", "Failed to send invitation. Please try again.", "error");
        setError(err.message);
      },
    });
  };
  const copy = () =>
    navigator.clipboard.writeText(link ?? "").then(
      () => notify("Copied!", "The invitation link is on your clipboard."),
      () => notify("Failed to copy", "Please try again.", "error"),
    );

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Invite Member"
      description={link ? undefined : "Invite someone to this team by e-mail."}
      submitLabel={link ? "Done" : "Invite"}
      busy={invite.isPending}
      submitTestId="team-invite-submit"
      onSubmit={submit}
    >
      {link ? (
        <Field
          label="Invitation link (valid 14 days, usable once)"
          hint={
            emailed
              ? `An e-mail with this link went to ${email.trim()}. You can also share it yourself.`
              : `No e-mail was sent: share this link with ${email.trim()} yourself.`
          }
        >
          <div className={styles.row}>
            <Input className={styles.grow} value={link} readOnly data-testid="team-invite-link" />
            <Button icon={<Copy20Regular />} onClick={copy}>
              Copy
            </Button>
          </div>
        </Field>
      ) : (
        <>
          <Field label="Email" required validationMessage={error ?? undefined}>
            <Input
              type="email"
              value={email}
              onChange={(_e, d) => setEmail(d.value)}
              placeholder="colleague@example.com"
              data-testid="team-invite-email"
            />
          </Field>
          <Field label="Role">
            <Dropdown
              value={teamRoleLabel(role)}
              selectedOptions={[role]}
              onOptionSelect={(_e, d) => d.optionValue && setRole(d.optionValue as AssignableTeamRole)}
            >
              {INVITE_ROLE_CHOICES.map((r) => (
                <Option key={r} value={r}>
                  {teamRoleLabel(r)}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Text size={200}>People without an account get a link; they join when they sign up or sign in.</Text>
        </>
      )}
    </FormDialog>
  );
}
