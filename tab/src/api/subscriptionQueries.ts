import { type SessionSlotRefusal, sessionSlotRefusal } from "@pointwise/core/plans";
import type { SubscriptionStatusView } from "@pointwise/core/presented";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "./queryKeys";

/** GET /api/subscription/status: plan, counts and the free-plan limit. */
export function useSubscriptionStatus(enabled = true) {
  return useQuery<SubscriptionStatusView>({ queryKey: queryKeys.subscription, enabled });
}

/** Whether the signed-in user may create one more session, from GET /api/subscription/status. */
export interface SessionSlot {
  status: SubscriptionStatusView | undefined;
  /** Why not (the plan's limit, or a past_due plan past the free limit); null when they may, or while loading. */
  refusal: SessionSlotRefusal | null;
}

/**
 * The one check every entry point to the Create Session form makes before the form opens (issue
 * #22; the rule is core sessionSlotRefusal, the server's own): at the limit the entry point shows
 * SessionLimitNotice instead of opening a form whose submit would be refused.
 */
export function useSessionSlot(enabled = true): SessionSlot {
  const status = useSubscriptionStatus(enabled).data;
  return {
    status,
    refusal: status ? sessionSlotRefusal(status.plan, status.status, status.sessionsOwned) : null,
  };
}
