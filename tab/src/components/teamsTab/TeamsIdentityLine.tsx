import { Avatar, makeStyles, Text, tokens } from "@fluentui/react-components";
import { displayNameOf, meetingGuestName } from "@pointwise/core/displayNames";
import { useCurrentUser } from "../../api/authQueries";
import type { TeamsHost } from "../../teamsHost/teamsHost";

const useStyles = makeStyles({
  root: { display: "flex", alignItems: "center", gap: "8px", color: tokens.colorNeutralForeground2 },
});

/**
 * Who the panel acts as: the Pointwise user of the Teams SSO token ("Signed in as ..."), or the
 * meeting guest's Teams display name.
 */
export function TeamsIdentityLine({ host }: { host: TeamsHost }) {
  const styles = useStyles();
  const { data: user } = useCurrentUser();
  const name = user ? displayNameOf(user) : meetingGuestName(host.context.user?.displayName);
  return (
    <div className={styles.root}>
      <Avatar name={name} size={24} />
      <Text size={200} data-testid="teams-user-name" data-signed-in={user ? "true" : "false"}>
        {user ? `Signed in as ${name}` : `Guest: ${name}`}
      </Text>
    </div>
  );
}
