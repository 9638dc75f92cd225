import {
  Avatar,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  shorthands,
  tokens,
} from "@fluentui/react-components";
import { QuestionCircle20Regular, Settings20Regular, SignOut20Regular } from "@fluentui/react-icons";
import { displayNameOf } from "@pointwise/core/displayNames";
import type { UserView } from "@pointwise/core/presented";
import { useNavigate } from "react-router";
import { useThemePreference } from "../../theme/themeContext";
import { visuallyHidden } from "../common/LiveAnnouncer";
import { useSignOut } from "./useSignOut";

const useStyles = makeStyles({
  trigger: {
    display: "flex",
    alignItems: "center",
    gap: "10px",
    width: "100%",
    padding: "8px",
    ...shorthands.borderStyle("none"),
    backgroundColor: "transparent",
    cursor: "pointer",
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textAlign: "left",
    ":hover": { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  text: { display: "flex", flexDirection: "column", minWidth: 0 },
  name: { fontWeight: 600, fontSize: tokens.fontSizeBase300, overflow: "hidden", textOverflow: "ellipsis" },
  email: {
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    overflow: "hidden",
    textOverflow: "ellipsis",
  },
});

/**
 * The sidebar footer menu: avatar, name and e-mail; Settings & Billing, Help & Support, Sign Out,
 * and the Appearance choice light/dark/system (spec part 1 section 2).
 */
export function UserMenu({ user, collapsed }: { user: UserView; collapsed: boolean }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { preference, setPreference } = useThemePreference();
  const name = displayNameOf(user);
  return (
    <Menu
      positioning="above-start"
      checkedValues={{ theme: [preference] }}
      onCheckedValueChange={(_e, data) => {
        const value = data.checkedItems[0];
        if (value === "light" || value === "dark" || value === "system") setPreference(value);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        {/* Named by its content, not an aria-label, so the visible name and e-mail are part of
            the accessible name (WCAG 2.5.3 "Label in Name"; issue #8 section 6). */}
        <button type="button" className={styles.trigger}>
          <Avatar
            name={name}
            image={user.profileImageUrl ? { src: user.profileImageUrl } : undefined}
            size={32}
            aria-hidden
          />
          <span style={visuallyHidden}>{collapsed ? `User menu, ${name}` : "User menu: "}</span>
          {collapsed ? null : (
            <span className={styles.text}>
              <span className={styles.name}>{name}</span>
              <span className={styles.email}>{user.email}</span>
            </span>
          )}
        </button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem icon={<Settings20Regular />} onClick={() => navigate("/settings")}>
            Settings &amp; Billing
          </MenuItem>
          <MenuItem
            icon={<QuestionCircle20Regular />}
            onClick={() => window.open("mailto:support@pointwise.app", "_blank", "noopener")}
          >
            Help &amp; Support
          </MenuItem>
          <MenuDivider />
          <MenuGroup>
            <MenuGroupHeader>Appearance</MenuGroupHeader>
            <MenuItemRadio name="theme" value="light">
              Light
            </MenuItemRadio>
            <MenuItemRadio name="theme" value="dark">
              Dark
            </MenuItemRadio>
            <MenuItemRadio name="theme" value="system">
              System
            </MenuItemRadio>
          </MenuGroup>
          <MenuDivider />
          <MenuItem icon={<SignOut20Regular />} onClick={signOut}>
            Sign Out
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
