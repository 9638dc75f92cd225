import type { SubscriptionStatusView } from "@pointwise/core/presented";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "./queryKeys";

/** GET /api/subscription/status: plan, counts and the free-plan limit. */
export function useSubscriptionStatus(enabled = true) {
  return useQuery<SubscriptionStatusView>({ queryKey: queryKeys.subscription, enabled });
}
