import { Button, Card, makeStyles, Spinner, Text, Title2, Title3, tokens } from "@fluentui/react-components";
import { LockClosed20Regular } from "@fluentui/react-icons";
import { planAllows, planEntry, requiredPlanFor } from "@pointwise/core/plans";
import { useNavigate } from "react-router";
import { useSubscriptionStatus } from "../../api/subscriptionQueries";
import { usePageTitle } from "../common/usePageTitle";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: "16px", maxWidth: "760px" },
  card: { padding: "20px", gap: "12px" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * /automations (spec part 2 section 2): pro-only (core/plans, feature "automations"). Other
 * plans see the upgrade prompt; the Jira connection form itself comes in a later issue.
 */
export function AutomationsPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  usePageTitle("Automations");
  const status = useSubscriptionStatus();
  if (!status.data) return <Spinner label="Loading..." />;
  const allowed = planAllows(status.data.plan, "automations");
  const required = planEntry(requiredPlanFor("automations")).name;
  return (
    <div className={styles.page}>
      <Title2 as="h1">Automations</Title2>
      <Card className={styles.card} data-testid={allowed ? "automations-ready" : "automations-upgrade"}>
        {allowed ? (
          <>
            <Title3 as="h2">Jira</Title3>
            <Text className={styles.muted}>Connecting Jira comes soon.</Text>
          </>
        ) : (
          <>
            <Title3 as="h2">
              <LockClosed20Regular aria-hidden /> Automations are a {required} feature
            </Title3>
            <Text className={styles.muted}>
              Upgrade to {required} to connect Jira and create tickets from estimated stories.
            </Text>
            <div>
              <Button appearance="primary" onClick={() => navigate("/settings")}>
                Upgrade to {required}
              </Button>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
