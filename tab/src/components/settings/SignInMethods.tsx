import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useCurrentUser } from "../../api/authQueries";
import {
  PROVIDER_ERRORS,
  PROVIDER_LABELS,
  useAuthProviders,
  useLinkProvider,
  useUnlinkProvider,
} from "../../api/providerQueries";
import { useNotify } from "../../toasts/useNotify";
import { BlueskyHandleForm } from "../auth/BlueskyHandleForm";
import { serverMessage } from "../auth/serverMessage";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: "12px" },
  list: { display: "flex", flexDirection: "column", gap: "8px" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * Settings "Sign-in methods" (issue #13 section 1): each enabled provider with Link or Unlink.
 * Unlinking the last way in (no password, no other provider) is refused by the server (409
 * LAST_SIGN_IN_METHOD) and its message shown; the button is disabled for it too. The outcome of
 * a link flow (`?linked=` or `?error=` on /settings) is shown once as a toast. Linking Bluesky
 * first asks for the handle.
 */
export function SignInMethods() {
  const styles = useStyles();
  const notify = useNotify();
  const { data: user } = useCurrentUser();
  const enabled = useAuthProviders().data ?? [];
  const link = useLinkProvider();
  const unlink = useUnlinkProvider();
  const [params] = useSearchParams();
  const shown = useRef(false);
  const [askHandle, setAskHandle] = useState(false);
  const linked = params.get("linked");
  const error = params.get("error");
  useEffect(() => {
    if (shown.current) return;
    if (linked) {
      shown.current = true;
      notify("Account linked", `You can now sign in with ${PROVIDER_LABELS[linked] ?? linked}.`);
    } else if (error) {
      shown.current = true;
      notify("Error", PROVIDER_ERRORS[error] ?? "Linking failed. Please try again.", "error");
    }
  }, [linked, error, notify]);

  const mine = user?.providers ?? [];
  const shownProviders = [...new Set([...enabled, ...mine])];
  if (shownProviders.length === 0) return <Text className={styles.muted}>No sign-in providers are configured.</Text>;
  const ways = mine.length + (user?.hasPassword ? 1 : 0);
  const startLink = (provider: string, handle?: string) =>
    link.mutate(
      { provider, handle },
      { onError: (e) => notify("Error", serverMessage(e) ?? "Linking failed. Please try again.", "error") },
    );
  return (
    <div className={styles.list}>
      {shownProviders.map((provider) => {
        const isLinked = mine.includes(provider);
        const label = PROVIDER_LABELS[provider] ?? provider;
        return (
          <div className={styles.row} key={provider} data-testid={`sign-in-method-${provider}`}>
            <Text>
              {label} {isLinked ? <Text className={styles.muted}>(linked)</Text> : null}
            </Text>
            {isLinked ? (
              <Button
                disabled={unlink.isPending || ways <= 1}
                title={ways <= 1 ? "Your only way to sign in cannot be removed" : undefined}
                onClick={() =>
                  unlink.mutate(provider, {
                    onSuccess: () => notify("Account unlinked", `${label} was removed from your sign-in methods.`),
                    onError: (e) => notify("Error", serverMessage(e) ?? "Unlinking failed. Please try again.", "error"),
                  })
                }
              >
                Unlink
              </Button>
            ) : enabled.includes(provider) && !(provider === "bluesky" && askHandle) ? (
              <Button
                appearance="primary"
                disabled={link.isPending}
                onClick={() => (provider === "bluesky" ? setAskHandle(true) : startLink(provider))}
              >
                Link
              </Button>
            ) : null}
          </div>
        );
      })}
      {askHandle ? (
        <BlueskyHandleForm
          submitLabel="Link Bluesky"
          busy={link.isPending}
          onSubmit={(handle) => startLink("bluesky", handle)}
        />
      ) : null}
    </div>
  );
}
