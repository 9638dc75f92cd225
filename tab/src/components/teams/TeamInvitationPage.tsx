import { Button, Card, makeStyles, Spinner, Text, Title2 } from "@fluentui/react-components";
import { withReturnTo } from "@pointwise/core/returnTo";
import { useEffect, useRef } from "react";
import { Link, Navigate, useParams } from "react-router";
import { isApiError } from "../../api/ApiError";
import { useCurrentUser } from "../../api/authQueries";
import { useAcceptTeamInvitation } from "../../api/teamQueries";
import { usePageTitle } from "../common/usePageTitle";

const useStyles = makeStyles({
  card: { maxWidth: "480px", margin: "64px auto", display: "flex", flexDirection: "column", gap: "12px" },
  actions: { display: "flex", gap: "8px" },
});

/**
 * /invite/{token}: the team invitation link (issue #11 section 1). Signed in, it accepts the
 * invitation (POST /api/team-invitations/{token}/accept) and opens the team's settings;
 * signed out, it offers Sign In and Register, which come back here (`returnTo`); registering
 * with the invited address joins by itself.
 */
export function TeamInvitationPage() {
  const styles = useStyles();
  const { token = "" } = useParams();
  const user = useCurrentUser();
  const accept = useAcceptTeamInvitation();
  const started = useRef(false);
  usePageTitle("Team invitation");
  const signedIn = !!user.data;
  useEffect(() => {
    if (signedIn && !started.current) {
      started.current = true;
      accept.mutate(token);
    }
  }, [signedIn, token, accept]);

  if (user.isLoading) return <Spinner aria-label="Loading" style={{ marginTop: 64 }} />;
  if (accept.data) return <Navigate to={`/teams/${accept.data.teamId}/settings`} replace />;
  const here = `/invite/${token}`;
  return (
    <Card className={styles.card}>
      <Title2 as="h1">Team invitation</Title2>
      {!signedIn ? (
        <>
          <Text>Sign in or create an account to join the team you were invited to.</Text>
          <div className={styles.actions}>
            <Button appearance="primary" as="a" href={withReturnTo("/login", here)}>
              Sign In
            </Button>
            <Button as="a" href={withReturnTo("/register", here)}>
              Register
            </Button>
          </div>
        </>
      ) : accept.isError ? (
        <>
          <Text data-testid="team-invitation-error">
            {isApiError(accept.error) && accept.error.status === 404
              ? "This invitation link is invalid, has been used or has expired. Ask the team's owner for a new one."
              : "Failed to join the team. Please try again."}
          </Text>
          <Link to="/">Go to Dashboard</Link>
        </>
      ) : (
        <Spinner label="Joining the team..." />
      )}
    </Card>
  );
}
