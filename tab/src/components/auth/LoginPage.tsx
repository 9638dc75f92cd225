import { Button, Checkbox, Field, Input, makeStyles, Text } from "@fluentui/react-components";
import { withReturnTo } from "@pointwise/core/returnTo";
import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { useCurrentUser, useLogin } from "../../api/authQueries";
import { PROVIDER_LABELS } from "../../api/providerQueries";
import { useNotify } from "../../toasts/useNotify";
import { AppLink } from "../common/AppLink";
import { usePageTitle } from "../common/usePageTitle";
import { AuthCard } from "./AuthCard";
import { ProviderButtons, useProviderOutcome } from "./ProviderButtons";
import { useReturnTo } from "./returnToParam";
import { serverMessage } from "./serverMessage";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "12px" },
  foot: { textAlign: "center" },
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Sign In with the enabled providers' buttons or e-mail and password (spec part 1 sections 4 and 8;
 * issue #13: a pending provider link is made by this sign-in); success goes to `?returnTo=`
 * when it is a safe same-origin path (e.g. back to a join link; issue #8 section 6), else to /.
 */
export function LoginPage() {
  const styles = useStyles();
  usePageTitle("Sign in");
  const navigate = useNavigate();
  const notify = useNotify();
  const { data: user } = useCurrentUser();
  const login = useLogin();
  const returnTo = useReturnTo();
  const pendingLink = useProviderOutcome();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  if (user && !login.isPending && !login.isSuccess) return <Navigate to={returnTo ?? "/"} replace />;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!EMAIL.test(email.trim())) next.email = "Please enter a valid email address";
    if (!password) next.password = "Password is required";
    setErrors(next);
    if (next.email || next.password) return;
    login.mutate(
      { email: email.trim(), password, rememberMe },
      {
        onSuccess: ({ linkedProvider }) => {
          notify(
            "Welcome back!",
            linkedProvider
              ? `You have successfully logged in and linked ${PROVIDER_LABELS[linkedProvider] ?? linkedProvider}.`
              : "You have successfully logged in.",
          );
          navigate(returnTo ?? "/");
        },
        onError: (error) =>
          notify("Sign In Error", serverMessage(error) ?? "Unable to sign in. Please try again.", "error"),
      },
    );
  };

  return (
    <AuthCard title="Sign In" subtitle="Welcome back to Pointwise">
      {pendingLink ? null : <ProviderButtons returnTo={returnTo} />}
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label="Email" required validationMessage={errors.email}>
          <Input type="email" value={email} onChange={(_e, d) => setEmail(d.value)} autoComplete="email" name="email" />
        </Field>
        <Field label="Password" required validationMessage={errors.password}>
          <Input
            type="password"
            value={password}
            onChange={(_e, d) => setPassword(d.value)}
            autoComplete="current-password"
            name="password"
          />
        </Field>
        <Checkbox label="Remember me" checked={rememberMe} onChange={(_e, d) => setRememberMe(d.checked === true)} />
        <Text size={200}>
          <AppLink to="/forgot-password">Forgot password?</AppLink>
        </Text>
        <Button appearance="primary" type="submit" disabled={login.isPending} data-testid="login-submit">
          {login.isPending ? "Signing in..." : "Sign In"}
        </Button>
      </form>
      <Text className={styles.foot}>
        Don't have an account? <AppLink to={withReturnTo("/register", returnTo)}>Register</AppLink>
      </Text>
      <Text size={200} className={styles.foot}>
        By signing in you agree to our <AppLink to="/terms">Terms</AppLink> and{" "}
        <AppLink to="/privacy-policy">Privacy Policy</AppLink>.
      </Text>
    </AuthCard>
  );
}
