import { Button, Divider, makeStyles } from "@fluentui/react-components";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { PROVIDER_ERRORS, PROVIDER_LABELS, useAuthProviders } from "../../api/providerQueries";
import { useNotify } from "../../toasts/useNotify";
import { BlueskyHandleForm } from "./BlueskyHandleForm";

const useStyles = makeStyles({
  list: { display: "flex", flexDirection: "column", gap: "8px" },
});

/**
 * "Continue with ..." buttons for the enabled providers only (GET /api/auth/providers; issue #13
 * section 1). Each is a plain link to /api/auth/{provider}, which starts the provider's flow;
 * `returnTo` comes back after the sign-in. Bluesky first asks for the person's handle (its
 * button opens a small field; then /api/auth/bluesky?handle=...). Nothing is shown when no
 * provider is configured.
 */
export function ProviderButtons({ returnTo }: { returnTo: string | null }) {
  const styles = useStyles();
  const providers = useAuthProviders().data ?? [];
  const [askHandle, setAskHandle] = useState(false);
  if (providers.length === 0) return null;
  const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : "";
  const startBluesky = (handle: string) => {
    const params = new URLSearchParams({ handle });
    if (returnTo) params.set("returnTo", returnTo);
    window.location.assign(`/api/auth/bluesky?${params.toString()}`);
  };
  return (
    <>
      <div className={styles.list}>
        {providers.map((provider) =>
          provider === "bluesky" ? (
            askHandle ? (
              <BlueskyHandleForm key={provider} submitLabel="Continue with Bluesky" onSubmit={startBluesky} />
            ) : (
              <Button key={provider} onClick={() => setAskHandle(true)} data-testid="provider-bluesky">
                Continue with {PROVIDER_LABELS.bluesky}
              </Button>
            )
          ) : (
            <Button key={provider} as="a" href={`/api/auth/${provider}${query}`} data-testid={`provider-${provider}`}>
              Continue with {PROVIDER_LABELS[provider] ?? provider}
            </Button>
          ),
        )}
      </div>
      <Divider>or</Divider>
    </>
  );
}

/**
 * Shows once the outcome a provider callback put in the URL (issue #13 section 1): `?error=` (a
 * cancelled consent, a provider error, a stale attempt) as an error toast, `?link=` (the e-mail
 * has an account: sign in to it to link the provider) as a notice. Answers the provider waiting
 * for a link, if any.
 */
export function useProviderOutcome(): string | null {
  const [params] = useSearchParams();
  const notify = useNotify();
  const shown = useRef(false);
  const error = params.get("error");
  const link = params.get("link");
  const provider = PROVIDER_LABELS[params.get("provider") ?? link ?? ""] ?? "the provider";
  useEffect(() => {
    if (shown.current) return;
    if (error) {
      shown.current = true;
      notify("Sign In Error", PROVIDER_ERRORS[error] ?? `Sign-in with ${provider} failed. Please try again.`, "error");
    } else if (link) {
      shown.current = true;
      notify(
        "Account already exists",
        `An account with this email already exists. Sign in to it to link ${provider}.`,
        "info",
      );
    }
  }, [error, link, provider, notify]);
  return link;
}
