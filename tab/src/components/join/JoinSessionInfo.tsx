import { Button, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import type { JoinInfo } from "@pointwise/core/joinInfo";
import { Link } from "react-router";
import { isApiError } from "../../api/ApiError";
import { AuthCard } from "../auth/AuthCard";

const useStyles = makeStyles({
  title: {
    display: "block",
    textAlign: "center",
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    overflowWrap: "anywhere",
  },
  center: { textAlign: "center" },
});

/** The session's title at the top of the join form, and a note when it is full (issue #8 section 6). */
export function JoinSessionTitle({ info }: { info: JoinInfo | undefined }) {
  const styles = useStyles();
  if (!info) return <Spinner size="tiny" label="Loading session..." />;
  return (
    <>
      <Text className={styles.title} data-testid="join-session-title">
        {info.title}
      </Text>
      {info.status === "full" ? (
        <Text className={styles.center} data-testid="join-full">
          This session is full: only people already in it can join.
        </Text>
      ) : null}
    </>
  );
}

/** Why a join link cannot be used, or null when it can (or is still loading). */
export function joinLinkProblem(info: JoinInfo | undefined, error: unknown): string | null {
  if (error) {
    return isApiError(error) && error.status === 404
      ? "This invitation link is invalid: the session does not exist or was deleted."
      : null;
  }
  if (info?.status === "archived") return "This session was archived, so its invitation link no longer works.";
  // A full session is not refused here: someone already in it may come back through the link.
  return null;
}

/** The join page when its link cannot be used: the reason at once and a way on. */
export function InvalidJoinLink({ message, title }: { message: string; title?: string }) {
  const styles = useStyles();
  return (
    <AuthCard title="Invalid invitation link">
      {title ? (
        <Text className={styles.title} data-testid="join-session-title">
          {title}
        </Text>
      ) : null}
      <Text className={styles.center} role="alert" data-testid="join-invalid">
        {message}
      </Text>
      <Link to="/">
        <Button appearance="primary" style={{ width: "100%" }} tabIndex={-1}>
          Go to Pointwise
        </Button>
      </Link>
    </AuthCard>
  );
}
