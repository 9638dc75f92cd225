import { Button, Field, Input, MessageBar, makeStyles, Text } from "@fluentui/react-components";
import { useState } from "react";
import { isApiError } from "../../api/ApiError";
import { useForgotPassword } from "../../api/authQueries";
import { AppLink } from "../common/AppLink";
import { usePageTitle } from "../common/usePageTitle";
import { AuthCard } from "./AuthCard";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "12px" },
  foot: { textAlign: "center" },
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * /forgot-password (spec part 2 section 2, the login page's link; issue #13 section 2): asks
 * for an e-mail and shows the server's one answer, the same whether an account exists or not.
 */
export function ForgotPasswordPage() {
  const styles = useStyles();
  usePageTitle("Forgot password");
  const forgot = useForgotPassword();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setError("Please enter a valid email address");
      return;
    }
    setError(undefined);
    forgot.mutate({ email: email.trim() });
  };

  const failure = forgot.error
    ? isApiError(forgot.error, "RATE_LIMITED")
      ? forgot.error.serverMessage
      : "Something went wrong. Please try again."
    : null;

  return (
    <AuthCard
      title="Forgot password"
      // A server that cannot send e-mail says so once asked (issue #22); the promise goes then.
      subtitle={
        forgot.data?.emailSent === false
          ? "No reset link could be e-mailed"
          : "We will e-mail you a link to choose a new password"
      }
    >
      {forgot.isSuccess ? (
        <MessageBar intent={forgot.data.emailSent ? "success" : "warning"} data-testid="forgot-sent">
          {forgot.data.message}
        </MessageBar>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field label="Email" required validationMessage={error}>
            <Input
              type="email"
              value={email}
              onChange={(_e, d) => setEmail(d.value)}
              autoComplete="email"
              name="email"
            />
          </Field>
          {failure ? <MessageBar intent="error">{failure}</MessageBar> : null}
          <Button appearance="primary" type="submit" disabled={forgot.isPending} data-testid="forgot-submit">
            {forgot.isPending ? "Sending..." : "Send reset link"}
          </Button>
        </form>
      )}
      <Text className={styles.foot}>
        <AppLink to="/login">Back to sign in</AppLink>
      </Text>
    </AuthCard>
  );
}
