import { Button } from "@fluentui/react-components";
import { PersonProhibited24Regular } from "@fluentui/react-icons";
import { useNavigate } from "react-router";
import { useCurrentUser } from "../../api/authQueries";
import { EmptyState } from "../common/EmptyState";

export { REMOVED_CODE } from "./sessionRemoved";

/**
 * What a removed participant sees instead of the session (issue #8 section 1): the live
 * `participant_removed` push or a refused REST call lead here, with a way back to the
 * dashboard (home for a guest: "/" shows the dashboard to a signed-in user, else the landing page).
 */
export function RemovedFromSession() {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  return (
    <EmptyState
      icon={<PersonProhibited24Regular />}
      title="You were removed from this session"
      message="The session leader removed you from this session. You can no longer see its stories or vote in it."
      testId="removed-from-session"
      action={
        <Button appearance="primary" onClick={() => navigate("/")} data-testid="removed-home">
          {user ? "Go to Dashboard" : "Go to Home"}
        </Button>
      }
    />
  );
}
