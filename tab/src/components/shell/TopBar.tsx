import { Avatar, Button, makeStyles, Text, Tooltip, tokens } from "@fluentui/react-components";
import { Navigation20Regular, PanelLeft20Regular, SignOut20Regular } from "@fluentui/react-icons";
import { displayNameOf } from "@pointwise/core/displayNames";
import { Link } from "react-router";
import { useCurrentUser } from "../../api/authQueries";
import { useSignOut } from "./useSignOut";

const useStyles = makeStyles({
  bar: {
    display: "flex",
    alignItems: "center",
    gap: "12px",
    height: "52px",
    padding: "0 16px",
    minWidth: 0,
    "@media (max-width: 767.98px)": { padding: "0 8px", gap: "8px" },
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    position: "sticky",
    top: 0,
    zIndex: 10,
  },
  logo: { fontWeight: 700, color: tokens.colorBrandForeground1, textDecoration: "none" },
  spacer: { flex: 1 },
});

/**
 * The top bar: sidebar toggle (Ctrl/Cmd+B), logo when collapsed, avatar and Sign Out (spec part
 * 1 section 2). `narrow` (below 768 px): a menu button opens the navigation drawer, the logo
 * always shows and Sign Out is an icon (issue #8 section 6).
 */
export function TopBar({
  sidebarOpen,
  onToggleSidebar,
  narrow = false,
}: {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  narrow?: boolean;
}) {
  const styles = useStyles();
  const { data: user, isLoading } = useCurrentUser();
  const signOut = useSignOut();
  return (
    <header className={styles.bar}>
      {narrow ? (
        <Button
          appearance="subtle"
          icon={<Navigation20Regular />}
          onClick={onToggleSidebar}
          aria-label="Open menu"
          aria-expanded={sidebarOpen}
          data-testid="menu-button"
        />
      ) : (
        <Tooltip content="Toggle sidebar (Ctrl+B)" relationship="label">
          <Button
            appearance="subtle"
            icon={<PanelLeft20Regular />}
            onClick={onToggleSidebar}
            aria-expanded={sidebarOpen}
          />
        </Tooltip>
      )}
      {sidebarOpen && !narrow ? null : (
        <Link to="/" className={styles.logo}>
          Pointwise
        </Link>
      )}
      <span className={styles.spacer} />
      {isLoading ? <Text size={200}>Loading...</Text> : null}
      {user ? (
        <>
          <Avatar name={displayNameOf(user)} size={28} />
          {narrow ? (
            <Button appearance="subtle" icon={<SignOut20Regular />} onClick={signOut} aria-label="Sign Out" />
          ) : (
            <Button appearance="subtle" icon={<SignOut20Regular />} onClick={signOut}>
              Sign Out
            </Button>
          )}
        </>
      ) : null}
    </header>
  );
}
