/**
 * The dashboard's greeting (issue #8 section 6): "Welcome, {first name}!" right after
 * registering (`firstVisit`), "Welcome back, {first name}!" otherwise (spec part 1 section 2);
 * "there" when the first name is empty.
 */
export function greetingFor(firstName: string | null | undefined, firstVisit: boolean): string {
  const name = firstName?.trim() || "there";
  return firstVisit ? `Welcome, ${name}!` : `Welcome back, ${name}!`;
}

/** Navigation state the registration page hands to the dashboard (a first-time user). */
export interface FirstVisitState {
  firstVisit: true;
}

/** True when a location's state says the user has just registered. */
export function isFirstVisit(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { firstVisit?: unknown }).firstVisit === true;
}
