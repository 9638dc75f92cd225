import { Badge, type BadgeProps, Button, makeStyles, Text, Tooltip, tokens } from "@fluentui/react-components";
import { Delete20Regular } from "@fluentui/react-icons";
import type { InsightPriority, InsightView } from "@pointwise/core/insights";
import { InsightIcon } from "./InsightIcon";

const useStyles = makeStyles({
  item: {
    display: "grid",
    gridTemplateColumns: "auto minmax(0, 1fr) auto",
    gap: "8px",
    padding: "10px 0",
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  icon: { color: tokens.colorBrandForeground1, marginTop: "2px" },
  body: { display: "flex", flexDirection: "column", gap: "4px", minWidth: 0 },
  head: { display: "flex", gap: "6px", alignItems: "center", flexWrap: "wrap" },
  title: { overflowWrap: "anywhere" },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: "anywhere" },
  details: { color: tokens.colorNeutralForeground3 },
  summary: { cursor: "pointer", color: tokens.colorBrandForeground1 },
  risks: { margin: 0, paddingLeft: "18px", color: tokens.colorNeutralForeground3 },
});

const PRIORITY_COLOR: Record<InsightPriority, BadgeProps["color"]> = {
  critical: "danger",
  high: "danger",
  medium: "warning",
  low: "informative",
  info: "subtle",
};

/**
 * One PointBot insight (spec part 2 section 3 "Insight"): icon by name, title, priority badge,
 * message, recommendation, and impact and risk factors behind a disclosure; the leader may delete it.
 */
export function InsightItem({
  insight,
  onDelete,
  deleting,
}: {
  insight: InsightView;
  onDelete?: () => void;
  deleting?: boolean;
}) {
  const styles = useStyles();
  return (
    <li className={styles.item} data-testid="insight" data-rule={String(insight.metadata?.rule ?? "")}>
      <InsightIcon name={insight.icon} className={styles.icon} />
      <div className={styles.body}>
        <div className={styles.head}>
          <Text weight="semibold" className={styles.title}>
            {insight.title}
          </Text>
          <Badge size="small" appearance="tint" color={PRIORITY_COLOR[insight.priority]} data-testid="insight-priority">
            {insight.priority}
          </Badge>
        </div>
        <Text size={200}>{insight.message}</Text>
        {insight.recommendation ? (
          <Text size={200}>
            <strong>Recommendation:</strong> {insight.recommendation}
          </Text>
        ) : null}
        {insight.impact || insight.riskFactors.length ? (
          <details className={styles.details}>
            <summary className={styles.summary}>
              <Text size={200}>Impact and risks</Text>
            </summary>
            {insight.impact ? (
              <Text size={200} className={styles.muted} as="p">
                Impact: {insight.impact}
              </Text>
            ) : null}
            {insight.riskFactors.length ? (
              <ul className={styles.risks} aria-label="Risk factors">
                {insight.riskFactors.map((r) => (
                  <li key={r}>
                    <Text size={200}>{r}</Text>
                  </li>
                ))}
              </ul>
            ) : null}
          </details>
        ) : null}
      </div>
      {onDelete ? (
        <Tooltip content="Delete insight" relationship="label">
          <Button
            appearance="subtle"
            size="small"
            icon={<Delete20Regular />}
            onClick={onDelete}
            disabled={deleting}
            data-testid="insight-delete"
          />
        </Tooltip>
      ) : null}
    </li>
  );
}
