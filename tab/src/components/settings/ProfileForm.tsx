import { Button, Field, Input, makeStyles } from "@fluentui/react-components";
import { useState } from "react";
import { useNavigate } from "react-router";
import { isApiError } from "../../api/ApiError";
import { useCurrentUser, useUpdateProfile } from "../../api/authQueries";
import { useNotify } from "../../toasts/useNotify";

const useStyles = makeStyles({
  form: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(min(220px, 100%), 1fr))",
    gap: "12px",
    alignItems: "end",
  },
  wide: { gridColumn: "1 / -1" },
  actions: { gridColumn: "1 / -1", display: "flex", gap: "8px" },
});

/**
 * Profile edit (spec part 2 sections 5 and 8): first name and e-mail required; toasts 'Profile
 * Updated'. `onDone` is called after a save and on Cancel (back to the profile view).
 */
export function ProfileForm({ onDone }: { onDone?: () => void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const { data: user } = useCurrentUser();
  const update = useUpdateProfile();
  const [firstName, setFirstName] = useState(user?.firstName ?? "");
  const [lastName, setLastName] = useState(user?.lastName ?? "");
  const [email, setEmail] = useState(user?.email ?? "");

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!firstName.trim()) return notify("Validation Error", "First name is required.", "error");
    if (!email.trim()) return notify("Validation Error", "Email is required.", "error");
    update.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim() },
      {
        onSuccess: () => {
          notify("Profile Updated");
          onDone?.();
        },
        onError: (error) => {
          if (isApiError(error, "UNAUTHORIZED")) navigate("/error/403");
          else notify("Error", "Failed to update profile", "error");
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field label="First name" required>
        <Input value={firstName} onChange={(_e, d) => setFirstName(d.value)} />
      </Field>
      <Field label="Last name">
        <Input value={lastName} onChange={(_e, d) => setLastName(d.value)} />
      </Field>
      <Field label="Email" required className={styles.wide}>
        <Input type="email" value={email} onChange={(_e, d) => setEmail(d.value)} />
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Profile"}
        </Button>
        {onDone ? <Button onClick={onDone}>Cancel</Button> : null}
      </div>
    </form>
  );
}
