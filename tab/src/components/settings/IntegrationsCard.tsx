import { Badge, Button, Card, makeStyles, Text, Title3, tokens } from "@fluentui/react-components";
import { LockClosed20Regular } from "@fluentui/react-icons";
import { planAllows, planEntry, requiredPlanFor } from "@pointwise/core/plans";
import { useNavigate } from "react-router";

const useStyles = makeStyles({
  card: { padding: "20px", gap: "12px" },
  row: { display: "flex", gap: "8px", alignItems: "center", flexWrap: "wrap" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * The pro-only integrations card of /settings (spec part 2 section 2; features from core/plans):
 * on pro it leads to /automations, where Jira is connected (issue #12);
 * on other plans it shows the upgrade prompt, whose button scrolls to the plan list.
 */
export function IntegrationsCard({ plan, onUpgrade }: { plan: string; onUpgrade: () => void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const allowed = planAllows(plan, "jira");
  const required = planEntry(requiredPlanFor("jira")).name;
  return (
    <Card className={styles.card} data-testid={allowed ? "integrations-ready" : "integrations-upgrade"}>
      <div className={styles.row}>
        <Title3 as="h2">Integrations</Title3>
        <Badge appearance="tint" color="brand">
          {required}
        </Badge>
      </div>
      {allowed ? (
        <>
          <Text className={styles.muted}>Connect Jira to create tickets from estimated stories.</Text>
          <div>
            <Button appearance="primary" onClick={() => navigate("/automations")}>
              Manage Integrations
            </Button>
          </div>
        </>
      ) : (
        <>
          <Text>
            <LockClosed20Regular aria-hidden /> Integrations are a {required} feature.
          </Text>
          <Text className={styles.muted}>
            Upgrade to {required} to connect Jira and create tickets from estimated stories.
          </Text>
          <div>
            <Button appearance="primary" onClick={onUpgrade}>
              Upgrade to {required}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
