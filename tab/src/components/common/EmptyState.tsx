import { makeStyles, shorthands, Text, Title3, tokens } from "@fluentui/react-components";
import type { ReactNode } from "react";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    textAlign: "center",
    gap: "8px",
    padding: "40px 16px",
    ...shorthands.border("1px", "dashed", tokens.colorNeutralStroke2),
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  icon: { fontSize: "32px", color: tokens.colorNeutralForeground3, display: "flex" },
  message: { color: tokens.colorNeutralForeground3, maxWidth: "420px" },
});

/** A centred empty or error state: icon, title, message and an optional action. */
export function EmptyState({
  icon,
  title,
  message,
  action,
  testId,
}: {
  icon?: ReactNode;
  title: string;
  message?: string;
  action?: ReactNode;
  testId?: string;
}) {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid={testId}>
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      <Title3 as="h2">{title}</Title3>
      {message ? <Text className={styles.message}>{message}</Text> : null}
      {action}
    </div>
  );
}
