import { Button, type ButtonProps, makeStyles, Text, tokens } from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import type { SubscriptionStatusView } from "@pointwise/core/presented";
import { Link as RouterLink } from "react-router";

const useStyles = makeStyles({
  limit: { display: "flex", alignItems: "center", gap: "8px", color: tokens.colorPaletteRedForeground1 },
});

/**
 * A Create Session button that, at the plan's limit (issue #11 section 2: 3 of 3 on free),
 * shows the limit and an Upgrade link to /settings instead of opening a form that would fail.
 */
export function CreateSessionButton({
  status,
  onCreate,
  label,
  appearance,
  testId,
}: {
  status: SubscriptionStatusView | undefined;
  onCreate: () => void;
  label: string;
  appearance?: ButtonProps["appearance"];
  testId?: string;
}) {
  const styles = useStyles();
  const atLimit = status !== undefined && status.limit !== null && status.sessionsOwned >= status.limit;
  if (atLimit) {
    return (
      <Text className={styles.limit} data-testid={testId ? `${testId}-limit` : undefined}>
        {status.sessionsOwned} of {status.limit} sessions used.{" "}
        <RouterLink to="/settings" data-testid="upgrade-link">
          Upgrade
        </RouterLink>
      </Text>
    );
  }
  return (
    <Button appearance={appearance} icon={<Add20Regular />} onClick={onCreate} data-testid={testId}>
      {label}
    </Button>
  );
}
