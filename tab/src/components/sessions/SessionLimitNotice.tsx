import { makeStyles, Text, tokens } from "@fluentui/react-components";
import type { SessionSlotRefusal } from "@pointwise/core/plans";
import { Link as RouterLink } from "react-router";

const useStyles = makeStyles({
  limit: {
    display: "inline-flex",
    alignItems: "center",
    flexWrap: "wrap",
    gap: "4px",
    color: tokens.colorPaletteRedForeground1,
  },
});

/** The words of a refusal: "3 of 3 sessions used." or the overdue payment. */
export function sessionLimitText(refusal: SessionSlotRefusal): string {
  return refusal.reason === "limit"
    ? `${refusal.owned} of ${refusal.limit} sessions used.`
    : "Your payment is overdue: settle it to create more sessions.";
}

/**
 * What an entry point to the Create Session form shows instead of its button when no session can
 * be created (issue #11 section 2, the dashboard's behaviour; issue #22: every entry point): the
 * limit and a link to upgrade (/settings) or, for an overdue payment, to billing (/settings/billing).
 */
export function SessionLimitNotice({ refusal, testId }: { refusal: SessionSlotRefusal; testId?: string }) {
  const styles = useStyles();
  return (
    <Text className={styles.limit} data-testid={testId}>
      {sessionLimitText(refusal)}{" "}
      {refusal.reason === "limit" ? (
        <RouterLink to="/settings" data-testid="upgrade-link">
          Upgrade
        </RouterLink>
      ) : (
        <RouterLink to="/settings/billing" data-testid="billing-link">
          Update payment
        </RouterLink>
      )}
    </Text>
  );
}
