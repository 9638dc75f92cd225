import { Button, Field, Input, makeStyles, Text } from "@fluentui/react-components";
import { registerSchema } from "@pointwise/core/authSchemas";
import { withReturnTo } from "@pointwise/core/returnTo";
import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { useCurrentUser, useRegister } from "../../api/authQueries";
import { useNotify } from "../../toasts/useNotify";
import { AppLink } from "../common/AppLink";
import { usePageTitle } from "../common/usePageTitle";
import type { FirstVisitState } from "../dashboard/greeting";
import { AuthCard } from "./AuthCard";
import { ProviderButtons } from "./ProviderButtons";
import { useReturnTo } from "./returnToParam";
import { serverMessage } from "./serverMessage";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "12px" },
  names: {
    display: "grid",
    gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
    gap: "12px",
    "@media (max-width: 480px)": { gridTemplateColumns: "minmax(0, 1fr)" },
  },
  input: { width: "100%", minWidth: 0 },
  foot: { textAlign: "center" },
});

type FieldName = "email" | "firstName" | "lastName" | "password" | "confirmPassword";

/**
 * Registration. Validates with the shared core schema, the stricter password rule everywhere
 * (DESIGN.md "Decisions"); toasts 'Registration successful!' or 'Registration Error'. Then goes
 * to `?returnTo=` (a safe same-origin path, e.g. the join link that sent the visitor here) or to
 * the dashboard, which greets a first-time user "Welcome, X!" (issue #8 section 6).
 */
export function RegisterPage() {
  const styles = useStyles();
  usePageTitle("Create account");
  const navigate = useNavigate();
  const notify = useNotify();
  const { data: user } = useCurrentUser();
  const register = useRegister();
  const returnTo = useReturnTo();
  const [values, setValues] = useState<Record<FieldName, string>>({
    email: "",
    firstName: "",
    lastName: "",
    password: "",
    confirmPassword: "",
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  if (user && !register.isPending && !register.isSuccess) return <Navigate to={returnTo ?? "/"} replace />;

  const set = (field: FieldName) => (_e: unknown, d: { value: string }) =>
    setValues((v) => ({ ...v, [field]: d.value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = registerSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    register.mutate(parsed.data, {
      onSuccess: () => {
        notify("Registration successful!", "Your account has been created.");
        const state: FirstVisitState = { firstVisit: true };
        navigate(returnTo ?? "/", { state });
      },
      onError: (error) =>
        notify("Registration Error", serverMessage(error) ?? "Unable to create account. Please try again.", "error"),
    });
  };

  return (
    <AuthCard title="Create your account" subtitle="Start estimating with your team">
      <ProviderButtons returnTo={returnTo} />
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.names}>
          <Field label="First name" required validationMessage={errors.firstName}>
            <Input
              className={styles.input}
              value={values.firstName}
              onChange={set("firstName")}
              autoComplete="given-name"
              name="firstName"
            />
          </Field>
          <Field label="Last name" required validationMessage={errors.lastName}>
            <Input
              className={styles.input}
              value={values.lastName}
              onChange={set("lastName")}
              autoComplete="family-name"
              name="lastName"
            />
          </Field>
        </div>
        <Field label="Email" required validationMessage={errors.email}>
          <Input
            className={styles.input}
            type="email"
            value={values.email}
            onChange={set("email")}
            autoComplete="email"
            name="email"
          />
        </Field>
        <Field label="Password" required validationMessage={errors.password}>
          <Input
            className={styles.input}
            type="password"
            value={values.password}
            onChange={set("password")}
            autoComplete="new-password"
            name="password"
          />
        </Field>
        <Field label="Confirm password" required validationMessage={errors.confirmPassword}>
          <Input
            className={styles.input}
            type="password"
            value={values.confirmPassword}
            onChange={set("confirmPassword")}
            autoComplete="new-password"
            name="confirmPassword"
          />
        </Field>
        <Button appearance="primary" type="submit" disabled={register.isPending} data-testid="register-submit">
          {register.isPending ? "Creating account..." : "Register"}
        </Button>
      </form>
      <Text className={styles.foot}>
        Already have an account? <AppLink to={withReturnTo("/login", returnTo)}>Sign In</AppLink>
      </Text>
    </AuthCard>
  );
}
