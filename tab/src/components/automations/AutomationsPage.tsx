import { Button, Card, makeStyles, Spinner, Text, Title2, Title3, tokens } from "@fluentui/react-components";
import { LockClosed20Regular } from "@fluentui/react-icons";
import { planAllows, planEntry, requiredPlanFor } from "@pointwise/core/plans";
import { useNavigate } from "react-router";
import { useIntegrations } from "../../api/jiraQueries";
import { useSubscriptionStatus } from "../../api/subscriptionQueries";
import { usePageTitle } from "../common/usePageTitle";
import { JiraConnectionForm } from "./JiraConnectionForm";
import { JiraSavedConnection } from "./JiraSavedConnection";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: "16px", maxWidth: "760px" },
  card: { padding: "20px", gap: "12px" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * /automations (spec part 2 section 2; issue #12 section 1): pro-only (core/plans, feature
 * "automations"): the saved Jira connection (API token masked) and the connection form. Other
 * plans see the upgrade prompt.
 */
export function AutomationsPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  usePageTitle("Automations");
  const status = useSubscriptionStatus();
  const allowed = status.data ? planAllows(status.data.plan, "automations") : false;
  const integrations = useIntegrations(allowed);
  if (!status.data || (allowed && integrations.isLoading)) return <Spinner label="Loading..." />;
  const saved = integrations.data?.jira ?? null;
  const required = planEntry(requiredPlanFor("automations")).name;
  return (
    <div className={styles.page}>
      <Title2 as="h1">Automations</Title2>
      <Card className={styles.card} data-testid={allowed ? "automations-ready" : "automations-upgrade"}>
        {allowed ? (
          <>
            <Title3 as="h2">Jira</Title3>
            <Text className={styles.muted}>
              Connect Jira Cloud to create tickets from estimated stories, import issues into a session and write the
              agreed points back.
            </Text>
            {integrations.isError ? (
              <Text role="alert">The saved configuration could not be loaded. Please try again.</Text>
            ) : null}
            {saved ? <JiraSavedConnection saved={saved} /> : null}
            <JiraConnectionForm
              key={
                saved ? `${saved.serverUrl}|${saved.email}|${saved.apiToken}|${saved.storyPointsField ?? ""}` : "new"
              }
              saved={saved}
            />
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
