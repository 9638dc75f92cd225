/**
 * The tone of the dashboard's sessions counter (spec part 1, plans table: "counter yellow at 2 or
 * more, red above 3"): on the free plan `over` when more sessions are owned than its limit (a
 * downgrade left locked ones), `warn` from 2, none below; paid plans have no limit to warn about.
 * @param used sessions owned (`sessionsOwned`)
 * @param limit the free plan's limit (`limit`, 3)
 */
export function sessionCounterTone(plan: string, used: number, limit: number): "warn" | "over" | undefined {
  if (plan !== "free") return undefined;
  if (used > limit) return "over";
  return used >= 2 ? "warn" : undefined;
}
