import { Button, Field, Input, makeStyles, Text, tokens } from "@fluentui/react-components";
import { passwordSchema } from "@pointwise/core/authSchemas";
import { useState } from "react";
import { isApiError } from "../../api/ApiError";
import { useChangePassword, useCurrentUser } from "../../api/authQueries";
import { useNotify } from "../../toasts/useNotify";

const useStyles = makeStyles({
  form: { display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(min(220px, 100%), 1fr))", gap: "12px" },
  actions: { gridColumn: "1 / -1", display: "flex", gap: "8px", alignItems: "center", flexWrap: "wrap" },
  muted: { color: tokens.colorNeutralForeground3 },
});

type PasswordField = "currentPassword" | "newPassword" | "confirmPassword";

/** The first field message of a 400 VALIDATION_ERROR answer, per field. */
function serverFieldErrors(error: unknown): Partial<Record<PasswordField, string>> {
  if (!isApiError(error, "VALIDATION_ERROR")) return {};
  const errors = error.body.errors as Record<string, string[] | undefined> | undefined;
  return { currentPassword: errors?.currentPassword?.[0], newPassword: errors?.newPassword?.[0] };
}

/**
 * Change password for e-mail accounts (issue #11 section 4): current, new and repeated new
 * password; the new one follows the registration rule (core `passwordSchema`). Success signs out
 * the user's other sessions (the server does) and keeps this one. Accounts of a sign-in provider
 * have no password here: the spec's "opens an external account provider".
 */
export function PasswordForm() {
  const styles = useStyles();
  const notify = useNotify();
  const { data: user } = useCurrentUser();
  const change = useChangePassword();
  const [values, setValues] = useState<Record<PasswordField, string>>({
    currentPassword: "",
    newPassword: "",
    confirmPassword: "",
  });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});

  if (user && !user.hasPassword) {
    return (
      <Text className={styles.muted} data-testid="password-provider">
        You sign in with an external account provider; change your password there.
      </Text>
    );
  }

  const set = (field: PasswordField) => (_e: unknown, data: { value: string }) =>
    setValues((v) => ({ ...v, [field]: data.value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<PasswordField, string>> = {};
    if (!values.currentPassword) found.currentPassword = "Current password is required";
    const rule = passwordSchema.safeParse(values.newPassword);
    if (!rule.success) found.newPassword = rule.error.issues[0]?.message;
    if (values.confirmPassword !== values.newPassword) found.confirmPassword = "Passwords do not match";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: ({ message }) => {
          setValues({ currentPassword: "", newPassword: "", confirmPassword: "" });
          notify("Password Changed", message);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          setErrors(fields);
          if (!fields.currentPassword && !fields.newPassword) {
            notify(
              "Error",
              isApiError(error, "RATE_LIMITED") ? error.serverMessage : "Failed to change password",
              "error",
            );
          }
        },
      },
    );
  };

  const field = (name: PasswordField, label: string, autoComplete: string) => (
    <Field label={label} required validationMessage={errors[name]} validationState={errors[name] ? "error" : "none"}>
      <Input type="password" autoComplete={autoComplete} value={values[name]} onChange={set(name)} />
    </Field>
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="password-form">
      {field("currentPassword", "Current password", "current-password")}
      {field("newPassword", "New password", "new-password")}
      {field("confirmPassword", "Confirm new password", "new-password")}
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={change.isPending}>
          {change.isPending ? "Changing..." : "Change Password"}
        </Button>
        <Text size={200} className={styles.muted}>
          Your other signed-in devices will be signed out.
        </Text>
      </div>
    </form>
  );
}
