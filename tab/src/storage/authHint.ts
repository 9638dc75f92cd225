import { localStore } from "./localStore";

/** What the last check said about the visitor (spec part 1 section 3, "Local browser storage"). */
export type AuthHint = "authenticated" | "unauthenticated";

const SEVEN_DAYS = 7 * 24 * 60 * 60 * 1000;

/** Records the hint with the current time (keys auth_hint, auth_hint_timestamp). */
export function writeAuthHint(hint: AuthHint): void {
  localStore.set("auth_hint", hint);
  localStore.set("auth_hint_timestamp", String(Date.now()));
}

/** The hint when it is younger than 7 days (spec part 1 section 9), else null. */
export function readAuthHint(): AuthHint | null {
  const hint = localStore.get("auth_hint");
  const at = Number(localStore.get("auth_hint_timestamp"));
  if ((hint !== "authenticated" && hint !== "unauthenticated") || !Number.isFinite(at)) return null;
  return Date.now() - at < SEVEN_DAYS ? hint : null;
}
