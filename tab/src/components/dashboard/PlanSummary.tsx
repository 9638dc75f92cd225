import { Badge, Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import type { SubscriptionStatusView } from "@pointwise/core/presented";
import { useNavigate } from "react-router";
import { sessionCounterTone } from "./sessionCounter";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", gap: "10px", flexWrap: "wrap" },
  warn: { color: tokens.colorPaletteMarigoldForeground1 },
  over: { color: tokens.colorPaletteRedForeground1 },
});

const PLAN_NAMES: Record<string, string> = { free: "Free Plan", basic: "Basic Plan", pro: "Pro Plan" };

/**
 * Plan badge, sessions counter and Upgrade (free) or Manage button, both to /settings
 * (spec part 1 section 2). The free counter turns yellow at 2 or more, red above 3
 * (sessionCounterTone; `data-tone` says which).
 */
export function PlanSummary({ status }: { status: SubscriptionStatusView | undefined }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const plan = status?.plan ?? "free";
  const free = plan === "free";
  const used = status?.sessionsOwned ?? 0;
  const limit = status?.limit ?? 3;
  const tone = sessionCounterTone(plan, used, limit);
  const counterClass = tone ? styles[tone] : undefined;
  return (
    <div className={styles.row}>
      <Badge appearance="tint" color={free ? "informative" : "brand"} size="large" data-testid="plan-badge">
        {PLAN_NAMES[plan] ?? `${plan} Plan`}
      </Badge>
      <Text className={counterClass} data-testid="sessions-counter" data-tone={tone}>
        {free ? `${used} / ${limit} sessions used` : `${status?.sessionsThisMonth ?? 0} sessions this month`}
      </Text>
      <Button size="small" appearance={free ? "primary" : "secondary"} onClick={() => navigate("/settings")}>
        {free ? "Upgrade" : "Manage"}
      </Button>
    </div>
  );
}
