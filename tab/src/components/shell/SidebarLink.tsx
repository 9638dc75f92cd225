import { makeStyles, mergeClasses, shorthands, Tooltip, tokens } from "@fluentui/react-components";
import type { ReactNode } from "react";
import { NavLink } from "react-router";

const useStyles = makeStyles({
  link: {
    display: "flex",
    alignItems: "center",
    gap: "10px",
    padding: "6px 10px",
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecoration: "none",
    fontSize: tokens.fontSizeBase300,
    minHeight: "32px",
    backgroundColor: "transparent",
    ...shorthands.borderStyle("none"),
    width: "100%",
    cursor: "pointer",
    textAlign: "left",
    ":hover": { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
  },
  active: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    color: tokens.colorNeutralForeground1,
    fontWeight: 600,
  },
  collapsed: { justifyContent: "center", padding: "6px" },
  label: { flex: 1, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
  icon: { display: "flex", fontSize: "20px", flexShrink: 0 },
});

/** Props of a sidebar entry: a route (`to`) or an action (`onClick`), icon, label and an optional badge. */
export interface SidebarLinkProps {
  icon: ReactNode;
  label: string;
  collapsed: boolean;
  to?: string;
  onClick?: () => void;
  badge?: ReactNode;
}

/** One sidebar entry; collapsed it shows only the icon with the label as tooltip. */
export function SidebarLink({ icon, label, collapsed, to, onClick, badge }: SidebarLinkProps) {
  const styles = useStyles();
  const body = (
    <>
      <span className={styles.icon}>{icon}</span>
      {collapsed ? null : <span className={styles.label}>{label}</span>}
      {collapsed ? null : badge}
    </>
  );
  const element = to ? (
    <NavLink
      to={to}
      end
      aria-label={collapsed ? label : undefined}
      className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active, collapsed && styles.collapsed)}
    >
      {body}
    </NavLink>
  ) : (
    <button
      type="button"
      onClick={onClick}
      aria-label={collapsed ? label : undefined}
      className={mergeClasses(styles.link, collapsed && styles.collapsed)}
    >
      {body}
    </button>
  );
  return collapsed ? (
    <Tooltip content={label} relationship="label" positioning="after" showDelay={700} hideDelay={300}>
      {element}
    </Tooltip>
  ) : (
    element
  );
}
