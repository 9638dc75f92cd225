import { Button, Field, Input, MessageBar, makeStyles, Text } from "@fluentui/react-components";
import { passwordSchema } from "@pointwise/core/authSchemas";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { isApiError } from "../../api/ApiError";
import { useResetPassword } from "../../api/authQueries";
import { useNotify } from "../../toasts/useNotify";
import { AppLink } from "../common/AppLink";
import { usePageTitle } from "../common/usePageTitle";
import { AuthCard } from "./AuthCard";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "12px" },
  foot: { textAlign: "center" },
});

/**
 * /reset-password?token=... (issue #13 section 2): a new password under the registration rule
 * (core `passwordSchema`), typed twice. Success signs out every session of the account and goes
 * to /login; an unknown, used or expired link says so and offers a new one.
 */
export function ResetPasswordPage() {
  const styles = useStyles();
  usePageTitle("Reset password");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const notify = useNotify();
  const reset = useResetPassword();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const rule = passwordSchema.safeParse(password);
    const next = {
      password: rule.success ? undefined : rule.error.issues[0]?.message,
      confirm: confirm === password ? undefined : "Passwords do not match",
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: ({ message }) => {
          notify("Password reset", message);
          navigate("/login");
        },
        onError: (error) => {
          if (isApiError(error, "VALIDATION_ERROR")) {
            const fields = error.body.errors as Record<string, string[] | undefined> | undefined;
            setErrors({ password: fields?.password?.[0] ?? error.serverMessage });
          }
        },
      },
    );
  };

  const invalid = !token || isApiError(reset.error, "INVALID_TOKEN");
  return (
    <AuthCard title="Reset password" subtitle="Choose a new password for your account">
      {invalid ? (
        <MessageBar intent="error" data-testid="reset-invalid">
          This password reset link is invalid or has expired. Please request a new one.
        </MessageBar>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field label="New password" required validationMessage={errors.password}>
            <Input
              type="password"
              value={password}
              onChange={(_e, d) => setPassword(d.value)}
              autoComplete="new-password"
              name="password"
            />
          </Field>
          <Field label="Confirm new password" required validationMessage={errors.confirm}>
            <Input
              type="password"
              value={confirm}
              onChange={(_e, d) => setConfirm(d.value)}
              autoComplete="new-password"
              name="confirmPassword"
            />
          </Field>
          {reset.error && !isApiError(reset.error, "VALIDATION_ERROR") ? (
            <MessageBar intent="error">Something went wrong. Please try again.</MessageBar>
          ) : null}
          <Button appearance="primary" type="submit" disabled={reset.isPending} data-testid="reset-submit">
            {reset.isPending ? "Saving..." : "Set new password"}
          </Button>
        </form>
      )}
      <Text className={styles.foot}>
        <AppLink to={invalid ? "/forgot-password" : "/login"}>
          {invalid ? "Request a new link" : "Back to sign in"}
        </AppLink>
      </Text>
    </AuthCard>
  );
}
