import { Button, makeStyles } from "@fluentui/react-components";
import { ErrorLayout } from "./ErrorLayout";

const useStyles = makeStyles({ list: { textAlign: "left", margin: 0 } });

/** The fixed error pages: 403 Access Denied, 500, network, and the subscription-cancelled page. */
export function ErrorPage({ kind }: { kind: "403" | "500" | "network" | "cancelled" }) {
  const styles = useStyles();
  switch (kind) {
    case "403":
      return (
        <ErrorLayout
          code="403"
          title="Access Denied"
          message="You don't have permission to view this page."
          extra={
            <>
              <ul className={styles.list}>
                <li>You are not a member of this team</li>
                <li>You need higher permissions</li>
                <li>The session is locked or archived</li>
              </ul>
              <Button appearance="outline" onClick={() => window.location.assign("/api/login")}>
                Sign In
              </Button>
            </>
          }
        />
      );
    case "500":
      return (
        <ErrorLayout
          code="500"
          title="Server Error"
          message="Something went wrong on our end. Please try again later."
          buttons={["dashboard", "retry"]}
        />
      );
    case "network":
      return (
        <ErrorLayout
          title="Connection Problem"
          message="We can't reach the server."
          buttons={["retry", "back"]}
          extra={
            <ul className={styles.list}>
              <li>Check your internet connection</li>
              <li>Disable a VPN or proxy that may block the connection</li>
              <li>Try again in a few moments</li>
            </ul>
          }
        />
      );
    default:
      return (
        <ErrorLayout
          title="Subscription Cancelled"
          message="You have not been charged. You can keep using the free plan with 3 sessions per month."
          buttons={["dashboard"]}
        />
      );
  }
}
