import { Button } from "@fluentui/react-components";
import { useState } from "react";
import { useCancelSubscription, useOpenBillingPortal } from "../../api/subscriptionMutations";
import { useNotify } from "../../toasts/useNotify";
import { ConfirmDialog } from "../common/ConfirmDialog";

/**
 * Manage billing (Stripe's portal) and Cancel subscription with a confirm dialog (issue #11
 * section 4; the shared ConfirmDialog), with the spec's toasts (spec part 2 section 8). `paid`: a
 * paid plan not yet cancelled; `portal`: Stripe billing is configured (not self-hosted mode, where
 * a cancel returns to Free at once, as the dialog says).
 */
export function SubscriptionActions({ paid, portal: hasPortal }: { paid: boolean; portal: boolean }) {
  const notify = useNotify();
  const portal = useOpenBillingPortal();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const openPortal = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: () => notify("Error", "Failed to open billing portal", "error"),
    });
  const confirmCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: ({ message }) => {
        setConfirming(false);
        notify("Subscription Cancelled", message);
      },
      onError: () => notify("Error", "Failed to cancel subscription", "error"),
    });
  return (
    <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
      {hasPortal ? (
        <Button onClick={openPortal} disabled={portal.isPending}>
          Manage billing
        </Button>
      ) : null}
      {paid ? (
        <Button onClick={() => setConfirming(true)} data-testid="cancel-subscription">
          Cancel subscription
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel subscription?"
        message={
          hasPortal
            ? "Your plan stays until the end of the billing period; then you are on the Free plan and sessions beyond its limit are locked."
            : "You return to the Free plan at once, and sessions beyond its limit are locked."
        }
        cancelLabel="Keep subscription"
        confirmLabel="Cancel subscription"
        pendingLabel="Cancelling..."
        pending={cancel.isPending}
        destructive
        onConfirm={confirmCancel}
      />
    </div>
  );
}
