import { MessageBar, MessageBarBody, makeStyles, Text } from "@fluentui/react-components";
import { ANONYMOUS_NOT_ALLOWED_MESSAGE, type JoinInfo } from "@pointwise/core/joinInfo";
import { withReturnTo } from "@pointwise/core/returnTo";
import { Link } from "react-router";
import { AuthCard } from "../auth/AuthCard";
import { JoinSessionTitle } from "./JoinSessionInfo";

const useStyles = makeStyles({ center: { textAlign: "center" } });

/**
 * The join page for a signed-out visitor when the session's team does not allow anonymous
 * participants (issue #22, join-info `anonymousAllowed: false`): the team's rule at once instead
 * of a name form, and Sign in / Register, which come back here (`returnTo`).
 */
export function GuestJoinRefused({ info }: { info: JoinInfo }) {
  const styles = useStyles();
  const back = `/join/${info.id}`;
  return (
    <AuthCard title="Join Session" subtitle="Sign in to join this session.">
      <JoinSessionTitle info={info} />
      <MessageBar intent="warning" data-testid="join-guests-refused">
        <MessageBarBody>{ANONYMOUS_NOT_ALLOWED_MESSAGE}</MessageBarBody>
      </MessageBar>
      <Text size={200} className={styles.center}>
        <Link to={withReturnTo("/login", back)} data-testid="join-sign-in">
          Sign in
        </Link>{" "}
        or{" "}
        <Link to={withReturnTo("/register", back)} data-testid="join-register">
          register
        </Link>{" "}
        to join with your account; you come back here afterwards.
      </Text>
    </AuthCard>
  );
}
