import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from "@fluentui/react-components";
import { planEntry } from "@pointwise/core/plans";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useSubscriptionStatus } from "../../api/subscriptionQueries";

/**
 * The success modal after Stripe Checkout returns to `/settings?success=true` (spec part 2
 * section 4): the status is re-read every 2 s until Stripe's webhook has been applied
 * (`synced`), then the new plan is shown. Closing drops the query parameter.
 */
export function CheckoutSuccessDialog() {
  const [params, setParams] = useSearchParams();
  const open = params.get("success") === "true";
  const status = useSubscriptionStatus(open);
  const synced = status.data?.synced === true;
  // Poll while the webhook has not arrived yet.
  useSubscriptionPolling(open && !synced, status.refetch);
  const close = () => {
    params.delete("success");
    setParams(params, { replace: true });
  };
  return (
    <Dialog open={open} onOpenChange={(_e, data) => (data.open ? undefined : close())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Payment successful</DialogTitle>
          <DialogContent data-testid="checkout-success">
            {synced && status.data ? (
              `You're now on the ${planEntry(status.data.plan).name} plan. Thank you!`
            ) : (
              <Spinner size="tiny" label="Confirming your subscription..." />
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={close}>
              Continue
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** Calls `refetch` every 2 s while `active`. */
function useSubscriptionPolling(active: boolean, refetch: () => unknown) {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void refetch(), 2000);
    return () => clearInterval(timer);
  }, [active, refetch]);
}
