import { Badge, Button, Card, makeStyles, Text, Title3, tokens } from "@fluentui/react-components";
import { PLANS, type PlanEntry, planEntry, planRank, type SelectablePlan } from "@pointwise/core/plans";
import { isApiError } from "../../api/ApiError";
import { useChoosePlan } from "../../api/subscriptionMutations";
import { useNotify } from "../../toasts/useNotify";

const useStyles = makeStyles({
  grid: { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(min(170px, 100%), 1fr))", gap: "12px" },
  plan: { padding: "16px", gap: "8px" },
  current: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  muted: { color: tokens.colorNeutralForeground3 },
  list: { margin: 0, paddingLeft: "18px" },
});

/** The price line of a plan: "$6 / month", "Free", or "Contact Sales". */
const priceOf = (plan: PlanEntry) =>
  plan.monthlyPrice === null ? "Contact Sales" : plan.monthlyPrice === 0 ? "Free" : `$${plan.monthlyPrice} / month`;

/**
 * The plan list of /settings (issue #11 section 4; catalogue in core/plans): Current on the
 * user's plan, Upgrade above it, Downgrade below it, "Contact Sales" (disabled, coming soon) for
 * selfhosted. Choosing opens Stripe Checkout or switches at once (toast "Plan Updated"); a
 * signed-out answer toasts "Sign in required" (spec part 2 section 8).
 */
export function PlanList({ currentPlan }: { currentPlan: string }) {
  const styles = useStyles();
  const notify = useNotify();
  const choose = useChoosePlan();
  const current = planEntry(currentPlan).id;
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
        const isCurrent = plan.id === current;
        const label = !plan.selectable
          ? "Contact Sales"
          : isCurrent
            ? "Current"
            : planRank(plan.id) > planRank(current)
              ? "Upgrade"
              : "Downgrade";
        return (
          <Card key={plan.id} className={isCurrent ? `${styles.plan} ${styles.current}` : styles.plan}>
            <Title3 as="h3">{plan.name}</Title3>
            <Text weight="semibold">{priceOf(plan)}</Text>
            {plan.selectable ? null : (
              <Badge appearance="outline" color="informative">
                Coming soon
              </Badge>
            )}
            <ul className={styles.list}>
              {plan.highlights.map((line) => (
                <li key={line}>
                  <Text className={styles.muted}>{line}</Text>
                </li>
              ))}
            </ul>
            <Button
              appearance={label === "Upgrade" ? "primary" : "secondary"}
              disabled={!plan.selectable || isCurrent || choose.isPending}
              onClick={() => pick(plan.id as SelectablePlan)}
              data-testid={`plan-${plan.id}`}
            >
              {label}
            </Button>
          </Card>
        );
      })}
    </div>
  );
}
