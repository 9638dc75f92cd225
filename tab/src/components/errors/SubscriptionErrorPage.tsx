import { Button } from "@fluentui/react-components";
import { useNavigate, useSearchParams } from "react-router";
import { ErrorLayout } from "./ErrorLayout";

/**
 * /error/subscription?error=limit_reached|subscription_expired|payment_failed&currentPlan&limit
 * &currentSessions (spec part 2 section 2); defaults free and 3; links to plans and billing.
 */
export function SubscriptionErrorPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const error = params.get("error");
  const plan = params.get("currentPlan") || "free";
  const limit = params.get("limit") || "3";
  const current = params.get("currentSessions");
  let title = "Subscription Issue";
  let message = "There is a problem with your subscription.";
  if (error === "limit_reached") {
    title = "Session Limit Reached";
    message = `Your ${plan} plan allows ${limit} sessions${current ? ` and you have ${current}` : ""}. Upgrade your plan or delete sessions to continue.`;
  } else if (error === "subscription_expired") {
    title = "Subscription Expired";
    message = "Your subscription has expired. Renew it to keep using paid features.";
  } else if (error === "payment_failed") {
    title = "Payment Failed";
    message = "Your last payment failed. Please update your payment method.";
  }
  return (
    <ErrorLayout
      title={title}
      message={message}
      buttons={["dashboard", "back"]}
      extra={
        <>
          <Button appearance="primary" onClick={() => navigate("/settings")}>
            View Plans
          </Button>
          <Button appearance="subtle" onClick={() => navigate("/settings/billing")}>
            Billing Settings
          </Button>
        </>
      }
    />
  );
}
