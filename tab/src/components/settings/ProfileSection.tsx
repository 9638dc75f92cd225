import { Avatar, Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useState } from "react";
import { useCurrentUser } from "../../api/authQueries";
import { ProfileForm } from "./ProfileForm";

const useStyles = makeStyles({
  view: { display: "flex", gap: "12px", alignItems: "center", flexWrap: "wrap" },
  who: { display: "flex", flexDirection: "column", flexGrow: 1, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: "anywhere" },
});

/** The profile on /settings (spec part 2 section 2): a view of name and e-mail, and Edit opening ProfileForm. */
export function ProfileSection() {
  const styles = useStyles();
  const { data: user } = useCurrentUser();
  const [editing, setEditing] = useState(false);
  if (editing) return <ProfileForm onDone={() => setEditing(false)} />;
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(" ");
  return (
    <div className={styles.view} data-testid="profile-view">
      <Avatar
        name={name || user?.email || undefined}
        image={user?.profileImageUrl ? { src: user.profileImageUrl } : undefined}
        size={48}
      />
      <div className={styles.who}>
        <Text weight="semibold">{name || "No name yet"}</Text>
        <Text className={styles.muted}>{user?.email ?? "No e-mail"}</Text>
      </div>
      <Button onClick={() => setEditing(true)}>Edit Profile</Button>
    </div>
  );
}
