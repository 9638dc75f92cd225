import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useState } from "react";
import { isApiError } from "../../api/ApiError";
import { useCurrentUser, useDeleteAccount, useLogoutAll } from "../../api/authQueries";
import { useNotify } from "../../toasts/useNotify";
import { useReturnFocus } from "../common/useReturnFocus";

/** The destructive red of ConfirmDialog's confirm button. */
const DANGER = { backgroundColor: "#c50f1f", borderColor: "#c50f1f" } as const;

const useStyles = makeStyles({
  row: { display: "flex", gap: "8px", alignItems: "center", flexWrap: "wrap" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * Settings "Your data and sign-in" (issue #13 section 2): download my data (GET
 * /api/account/export), "Sign out everywhere" (POST /api/auth/logout-all, this device too) and
 * "Delete account", confirmed by typing the account's e-mail (DELETE /api/account).
 */
export function AccountActions() {
  const styles = useStyles();
  const notify = useNotify();
  const { data: user } = useCurrentUser();
  const logoutAll = useLogoutAll();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string>();
  useReturnFocus(open);

  const signOutEverywhere = () =>
    logoutAll.mutate(undefined, { onError: () => notify("Error", "Failed to sign out everywhere", "error") });

  const email = user?.email ?? "";
  const confirmDelete = () => {
    if (typed.trim().toLowerCase() !== email.toLowerCase()) {
      setError("Type your account's email address to confirm");
      return;
    }
    remove.mutate(typed.trim(), {
      onError: (err) => setError(isApiError(err) ? err.serverMessage : "Failed to delete the account"),
    });
  };

  return (
    <>
      <div className={styles.row}>
        <Button as="a" href="/api/account/export" download data-testid="export-data">
          Download my data
        </Button>
        <Text size={200} className={styles.muted}>
          Your profile, teams, sessions, votes and suggestions as JSON.
        </Text>
      </div>
      <div className={styles.row}>
        <Button onClick={signOutEverywhere} disabled={logoutAll.isPending} data-testid="logout-all">
          {logoutAll.isPending ? "Signing out..." : "Sign out everywhere"}
        </Button>
        <Text size={200} className={styles.muted}>
          Ends every sign-in of your account, on this device too.
        </Text>
      </div>
      <div className={styles.row}>
        <Button
          appearance="primary"
          style={DANGER}
          onClick={() => {
            setTyped("");
            setError(undefined);
            setOpen(true);
          }}
          data-testid="delete-account"
        >
          Delete account
        </Button>
        <Text size={200} className={styles.muted}>
          Removes your account and personal data. Teams and sessions you own pass to another member.
        </Text>
      </div>
      <Dialog open={open} onOpenChange={(_e, data) => setOpen(data.open)} modalType="alert">
        <DialogSurface style={{ maxWidth: "min(440px, calc(100vw - 32px))" }}>
          <DialogBody>
            <DialogTitle>Delete account?</DialogTitle>
            <DialogContent>
              <Text block>
                This permanently deletes your account, your votes and suggestions. Teams and sessions you own pass to
                another member, or are deleted when nobody else is in them. Type <strong>{email}</strong> to confirm.
              </Text>
              <Field label="Email" required validationMessage={error}>
                <Input value={typed} onChange={(_e, d) => setTyped(d.value)} data-testid="delete-confirm-email" />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setOpen(false)} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button
                appearance="primary"
                style={DANGER}
                onClick={confirmDelete}
                disabled={remove.isPending}
                data-testid="delete-account-confirm"
              >
                {remove.isPending ? "Deleting..." : "Delete account"}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
