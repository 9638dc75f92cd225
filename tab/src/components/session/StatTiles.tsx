import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";

const useStyles = makeStyles({
  grid: { display: "grid", gap: "8px" },
  stat: {
    display: "flex",
    flexDirection: "column",
    padding: "8px",
    borderRadius: "6px",
    backgroundColor: tokens.colorNeutralBackground2,
  },
  value: { fontWeight: 700, fontSize: tokens.fontSizeBase500 },
  label: { color: tokens.colorNeutralForeground3 },
});

/** One figure of a stats grid: the value shown big, its label below, `testId` on the value. */
export interface StatTile {
  label: string;
  value: string;
  testId?: string;
}

/**
 * A grid of figures on a soft background, as in Session Stats and the Session Summary (spec part 2
 * sections 7 and 9). `className` sets the columns (grid-template-columns).
 */
export function StatTiles({ stats, className }: { stats: readonly StatTile[]; className?: string }) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.grid, className)}>
      {stats.map((stat) => (
        <div key={stat.label} className={styles.stat}>
          <span className={styles.value} data-testid={stat.testId}>
            {stat.value}
          </span>
          <Text size={200} className={styles.label}>
            {stat.label}
          </Text>
        </div>
      ))}
    </div>
  );
}
