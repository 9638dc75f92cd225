/** Words for the statuses GET /api/subscription/status answers (spec part 1 section 3's values). */
const LABELS: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Payment overdue",
  canceled: "Cancelled",
  inactive: "Inactive",
};

/**
 * The status line's word for a subscription status: "Active", "Payment overdue"... (the free plan
 * is always active, core planStatus; issue #22). An unknown value is shown as it is.
 */
export function subscriptionStatusLabel(status: string): string {
  return LABELS[status] ?? status;
}
