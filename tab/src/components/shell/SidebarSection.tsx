import { makeStyles, tokens } from "@fluentui/react-components";
import type { ReactNode } from "react";

const useStyles = makeStyles({
  section: { display: "flex", flexDirection: "column", gap: "2px", padding: "8px 8px 4px" },
  title: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    fontSize: tokens.fontSizeBase200,
    fontWeight: 600,
    color: tokens.colorNeutralForeground3,
    padding: "4px 10px",
    textTransform: "uppercase",
    letterSpacing: "0.04em",
  },
});

/** A titled group of sidebar entries; collapsed, the title is hidden. `action` sits beside the title. */
export function SidebarSection({
  title,
  collapsed,
  action,
  children,
}: {
  title: string;
  collapsed: boolean;
  action?: ReactNode;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <nav className={styles.section} aria-label={title}>
      {collapsed ? null : (
        <div className={styles.title}>
          <span>{title}</span>
          {action}
        </div>
      )}
      {children}
    </nav>
  );
}
