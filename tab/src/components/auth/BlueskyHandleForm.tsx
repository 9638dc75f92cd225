import { Button, Field, Input, makeStyles } from "@fluentui/react-components";
import { useState } from "react";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "8px" },
  row: { display: "flex", gap: "8px", alignItems: "flex-end", flexWrap: "wrap" },
  input: { flexGrow: 1, minWidth: "0" },
});

/** The server's message for a missing or malformed handle (400 VALIDATION_ERROR of /api/auth/bluesky). */
export const HANDLE_MESSAGE = "Enter your Bluesky handle, like alice.bsky.social (or your DID)";

/**
 * A rough shape check of a Bluesky handle ("alice.bsky.social", "@alice.bsky.social") or DID
 * (did:plc:..., did:web:...), so a slip gets a field message here; the server checks the AT
 * Protocol syntax and answers 400 VALIDATION_ERROR for the rest.
 */
export const looksLikeBlueskyHandle = (value: string): boolean =>
  /^(did:(plc|web):\S+|[^\s.@]+(\.[^\s.@]+)+)$/.test(value.trim().replace(/^@/, ""));

/**
 * The small handle field Bluesky sign-in and linking need (AT Protocol OAuth starts from the
 * person's handle or DID; issue #13 section 1). `onSubmit` gets the handle as typed, trimmed.
 */
export function BlueskyHandleForm({
  submitLabel,
  onSubmit,
  busy = false,
}: {
  submitLabel: string;
  onSubmit(handle: string): void;
  busy?: boolean;
}) {
  const styles = useStyles();
  const [handle, setHandle] = useState("");
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className={styles.form}
      noValidate
      data-testid="bluesky-handle-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!looksLikeBlueskyHandle(handle)) return setError(HANDLE_MESSAGE);
        onSubmit(handle.trim());
      }}
    >
      <Field label="Bluesky handle" validationMessage={error}>
        <Input
          className={styles.input}
          value={handle}
          onChange={(_e, d) => {
            setHandle(d.value);
            setError(undefined);
          }}
          placeholder="alice.bsky.social"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          name="handle"
          data-testid="bluesky-handle"
        />
      </Field>
      <Button type="submit" appearance="primary" disabled={busy} data-testid="bluesky-continue">
        {submitLabel}
      </Button>
    </form>
  );
}
