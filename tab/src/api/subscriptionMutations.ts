import type { SelectablePlan } from "@pointwise/core/plans";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";
import { queryKeys } from "./queryKeys";

/** Answer of choosing a plan: a Checkout URL to open, or the plan switched at once (spec part 2 section 4). */
export type PlanChoice = { url: string } | { upgraded: boolean; plan: string; message: string };

/** Refreshes the status and the session lists (a plan change locks or unlocks sessions). */
function refreshAfterPlanChange(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
    queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  ]);
}

/** POST /api/subscription/create-checkout-session {plan}. */
export function useChoosePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: SelectablePlan) =>
      apiRequest<PlanChoice>("POST", "/api/subscription/create-checkout-session", { body: { plan } }),
    onSuccess: (choice) => ("url" in choice ? undefined : refreshAfterPlanChange(queryClient)),
  });
}

/** POST /api/subscription/create-portal-session: Stripe's billing portal URL. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: () => apiRequest<{ url: string }>("POST", "/api/subscription/create-portal-session"),
  });
}

/** POST /api/subscription/cancel: ends at the period's end (Stripe) or at once (self-hosted). */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>("POST", "/api/subscription/cancel"),
    onSuccess: () => refreshAfterPlanChange(queryClient),
  });
}
