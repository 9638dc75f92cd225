import { Badge, Card, makeStyles, Text, Title2, Title3, tokens } from "@fluentui/react-components";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useSubscriptionStatus } from "../../api/subscriptionQueries";
import { usePageTitle } from "../common/usePageTitle";
import { AccountActions } from "./AccountActions";
import { CheckoutSuccessDialog } from "./CheckoutSuccessDialog";
import { IntegrationsCard } from "./IntegrationsCard";
import { PasswordForm } from "./PasswordForm";
import { PlanList } from "./PlanList";
import { ProfileSection } from "./ProfileSection";
import { SignInMethods } from "./SignInMethods";
import { SubscriptionActions } from "./SubscriptionActions";
import { subscriptionStatusLabel } from "./subscriptionStatusLabel";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: "16px", maxWidth: "760px" },
  card: { padding: "20px", gap: "12px" },
  row: { display: "flex", gap: "8px", alignItems: "center", flexWrap: "wrap" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * /settings: profile (view and edit), change password, current subscription, the plan list and
 * the pro-only integrations card (spec part 2 section 2, "Settings"; issue #11 section 4); your data,
 * sign out everywhere and delete account (issue #13 section 2).
 */
export function SettingsPage() {
  const styles = useStyles();
  usePageTitle("Settings & Billing");
  const subscription = useSubscriptionStatus();
  const billing = useRef<HTMLDivElement>(null);
  const plans = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // /settings/billing opens at the subscription (issue #11 section 4; spec's 0.1 s scroll delay).
  useEffect(() => {
    if (pathname !== "/settings/billing") return;
    const timer = setTimeout(() => billing.current?.scrollIntoView({ behavior: "smooth" }), 100);
    return () => clearTimeout(timer);
  }, [pathname]);
  const status = subscription.data;
  return (
    <div className={styles.page}>
      <Title2 as="h1">Settings &amp; Billing</Title2>
      <CheckoutSuccessDialog />
      <Card className={styles.card}>
        <Title3 as="h2">Profile</Title3>
        <ProfileSection />
      </Card>
      <Card className={styles.card}>
        <Title3 as="h2">Password</Title3>
        <PasswordForm />
      </Card>
      <Card className={styles.card}>
        <Title3 as="h2">Sign-in methods</Title3>
        <SignInMethods />
      </Card>
      <Card className={styles.card}>
        <Title3 as="h2">Your data and sign-in</Title3>
        <AccountActions />
      </Card>
      <Card className={styles.card} ref={billing}>
        <Title3 as="h2">Subscription</Title3>
        <div className={styles.row}>
          <Badge appearance="tint" color="brand" size="large">
            {status ? `${status.plan[0]?.toUpperCase()}${status.plan.slice(1)} Plan` : "..."}
          </Badge>
          {status ? (
            <Text className={styles.muted} data-testid="subscription-status">
              Status: {subscriptionStatusLabel(status.status)}
            </Text>
          ) : null}
        </div>
        {status ? (
          <Text>
            {status.limit !== null
              ? `${status.sessionsOwned} of ${status.limit} sessions used.`
              : `${status.sessionsThisMonth} sessions this month.`}
          </Text>
        ) : null}
        {status?.billing === "selfhosted" ? (
          <Text className={styles.muted} data-testid="selfhosted-billing">
            This server is self-hosted: no billing. Choosing a plan below switches it at once, free of charge.
          </Text>
        ) : null}
        {status?.currentPeriodEnd ? (
          <Text className={styles.muted}>
            {status.cancelAtPeriodEnd ? "Ends on" : "Renews on"}{" "}
            {new Date(status.currentPeriodEnd).toLocaleDateString()}
          </Text>
        ) : null}
        {status ? (
          <SubscriptionActions
            paid={status.plan !== "free" && !status.cancelAtPeriodEnd}
            portal={status.billing === "stripe"}
          />
        ) : null}
      </Card>
      <Card className={styles.card} ref={plans}>
        <Title3 as="h2">Plans</Title3>
        <PlanList currentPlan={status?.plan ?? "free"} billing={status?.billing} />
      </Card>
      {status ? (
        <IntegrationsCard
          plan={status.plan}
          onUpgrade={() => plans.current?.scrollIntoView({ behavior: "smooth", block: "start" })}
        />
      ) : null}
    </div>
  );
}
