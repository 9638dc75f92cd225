import { Badge, Button, Card, makeStyles, Text, Title3, tokens } from "@fluentui/react-components";
import { PLANS, type SelectablePlan } from "@pointwise/core/plans";
import type { SubscriptionStatusView } from "@pointwise/core/presented";
import { isApiError } from "../../api/ApiError";
import { useChoosePlan } from "../../api/subscriptionMutations";
import { useNotify } from "../../toasts/useNotify";
import { planCardContent } from "./planCardContent";

const useStyles = makeStyles({
  grid: { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(min(170px, 100%), 1fr))", gap: "12px" },
  plan: { padding: "16px", gap: "8px" },
  current: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  muted: { color: tokens.colorNeutralForeground3 },
  list: { margin: 0, paddingLeft: "18px" },
});

/**
 * The plan list of /settings (issue #11 section 4; each card's content from planCardContent):
 * Current on the user's plan, Upgrade above it, Downgrade below it; selfhosted is "Contact Sales"
 * (disabled, coming soon), or the current one on a self-hosted server (`billing`, issue #22).
 * Choosing opens Stripe Checkout or switches at once (toast "Plan Updated"); a signed-out answer
 * toasts "Sign in required" (spec part 2 section 8).
 */
export function PlanList({
  currentPlan,
  billing,
}: {
  currentPlan: string;
  billing: SubscriptionStatusView["billing"] | undefined;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const choose = useChoosePlan();
  const pick = (plan: SelectablePlan) =>
    choose.mutate(plan, {
      onSuccess: (choice) => {
        if ("url" in choice) window.location.assign(choice.url);
        else notify("Plan Updated", choice.message);
      },
      onError: (error) => {
        if (isApiError(error, "UNAUTHORIZED"))
          notify("Sign in required", "Please sign in to subscribe to a plan.", "error");
        else notify("Error", "Failed to start checkout process", "error");
      },
    });
  return (
    <div className={styles.grid} data-testid="plan-list">
      {PLANS.map((plan) => {
        const card = planCardContent(plan, currentPlan, billing);
        return (
          <Card
            key={plan.id}
            className={card.current ? `${styles.plan} ${styles.current}` : styles.plan}
            data-testid={`plan-card-${plan.id}`}
          >
            <Title3 as="h3">{plan.name}</Title3>
            <Text weight="semibold">{card.price}</Text>
            {card.badge ? (
              <Badge appearance="outline" color={card.badge === "This server" ? "success" : "informative"}>
                {card.badge}
              </Badge>
            ) : null}
            <ul className={styles.list}>
              {card.highlights.map((line) => (
                <li key={line}>
                  <Text className={styles.muted}>{line}</Text>
                </li>
              ))}
            </ul>
            <Button
              appearance={card.label === "Upgrade" ? "primary" : "secondary"}
              disabled={!card.choosable || choose.isPending}
              onClick={() => pick(plan.id as SelectablePlan)}
              data-testid={`plan-${plan.id}`}
            >
              {card.label}
            </Button>
          </Card>
        );
      })}
    </div>
  );
}
