import { Button, Checkbox, Field, Input, makeStyles, Spinner, Text } from "@fluentui/react-components";
import { joinAnonymousSchema } from "@pointwise/core/authSchemas";
import { withReturnTo } from "@pointwise/core/returnTo";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { isApiError } from "../../api/ApiError";
import { useCurrentUser } from "../../api/authQueries";
import { useJoinInfo } from "../../api/joinInfoQueries";
import { useJoinAnonymous, useJoinSession } from "../../api/sessionMutations";
import { saveAnonymousParticipant } from "../../storage/anonymousParticipant";
import { useNotify } from "../../toasts/useNotify";
import { AuthCard } from "../auth/AuthCard";
import { usePageTitle } from "../common/usePageTitle";
import { GuestJoinRefused } from "./GuestJoinRefused";
import { InvalidJoinLink, JoinSessionTitle, joinLinkProblem } from "./JoinSessionInfo";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "12px" },
  center: { textAlign: "center" },
});

/**
 * /join/{sessionId} (spec part 2 section 2): a guest enters a display name and joins anonymously;
 * a signed-in visitor joins as themself. Toasts 'Joined session successfully!' or 'Failed to join session.'
 * The session's title shows at once, an unusable link says why at once, and Sign in / Register
 * come back here afterwards (`returnTo`; issue #8 section 6). A team that refuses guests gets
 * GuestJoinRefused instead of the name form (issue #22).
 */
export function JoinPage() {
  const styles = useStyles();
  usePageTitle("Join session");
  const { sessionId = "" } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { data: user, isLoading } = useCurrentUser();
  const joinAnonymous = useJoinAnonymous(sessionId);
  const joinAsUser = useJoinSession(sessionId);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  // "Join as observer" (issue #8 section 1): see the round live without a deck.
  const [observer, setObserver] = useState(false);
  const role = observer ? ("observer" as const) : undefined;
  const observerChoice = (
    <Checkbox
      checked={observer}
      onChange={(_e, d) => setObserver(d.checked === true)}
      label="Join as observer (watch without voting)"
      data-testid="join-as-observer"
    />
  );
  const info = useJoinInfo(sessionId);
  const problem = joinLinkProblem(info.data, info.error);
  const back = `/join/${sessionId}`;

  const failed = (err: unknown) => {
    const message = isApiError(err) && err.status < 500 ? err.serverMessage : undefined;
    setError(message);
    notify("Failed to join session.", message, "error");
  };

  const submitGuest = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = joinAnonymousSchema.safeParse({ displayName: name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    joinAnonymous.mutate(role ? { displayName: parsed.data.displayName, role } : parsed.data.displayName, {
      onSuccess: ({ participant }) => {
        saveAnonymousParticipant({ participantId: participant.id, displayName: participant.displayName, sessionId });
        notify("Joined session successfully!");
        navigate(`/session/${sessionId}`);
      },
      onError: failed,
    });
  };

  const joinSignedIn = () =>
    joinAsUser.mutate(role, {
      onSuccess: () => {
        notify("Joined session successfully!");
        navigate(`/session/${sessionId}`);
      },
      onError: failed,
    });

  if (problem) return <InvalidJoinLink message={problem} title={info.data?.title} />;
  if (isLoading) {
    return (
      <AuthCard title="Join Session">
        <Spinner aria-label="Loading" />
      </AuthCard>
    );
  }
  if (user) {
    return (
      <AuthCard title="Join Session" subtitle="You have been invited to a planning poker session.">
        <JoinSessionTitle info={info.data} />
        {observerChoice}
        <Button appearance="primary" onClick={joinSignedIn} disabled={joinAsUser.isPending} data-testid="join-submit">
          {joinAsUser.isPending ? "Joining..." : `Join as ${user.firstName || user.email || "yourself"}`}
        </Button>
        {error ? <Text className={styles.center}>{error}</Text> : null}
      </AuthCard>
    );
  }
  // The session's team refuses guests (issue #22): say so before anyone types a name.
  if (info.data?.anonymousAllowed === false) return <GuestJoinRefused info={info.data} />;
  return (
    <AuthCard title="Join Session" subtitle="Enter your name to join. No account needed.">
      <JoinSessionTitle info={info.data} />
      <form className={styles.form} onSubmit={submitGuest} noValidate>
        <Field label="Display name" required validationMessage={error}>
          <Input
            value={name}
            maxLength={50}
            onChange={(_e, d) => setName(d.value)}
            data-testid="join-name-input"
            placeholder="Your name"
            autoFocus
          />
        </Field>
        {observerChoice}
        <Button appearance="primary" type="submit" disabled={joinAnonymous.isPending} data-testid="join-submit">
          {joinAnonymous.isPending ? "Joining..." : "Join Session"}
        </Button>
      </form>
      <Text size={200} className={styles.center}>
        Have an account?{" "}
        <Link to={withReturnTo("/login", back)} data-testid="join-sign-in">
          Sign in
        </Link>{" "}
        or{" "}
        <Link to={withReturnTo("/register", back)} data-testid="join-register">
          register
        </Link>{" "}
        to join with it; you come back here afterwards.
      </Text>
    </AuthCard>
  );
}
