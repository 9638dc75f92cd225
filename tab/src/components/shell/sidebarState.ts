/** The sidebar's open state, kept in cookie `sidebar_state` for 7 days (spec part 1 section 2). */
const COOKIE = "sidebar_state";
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

/** True (expanded) unless the cookie says collapsed or the screen is narrower than 768 px. */
export function readSidebarOpen(): boolean {
  const match = document.cookie.split(";").find((part) => part.trim().startsWith(`${COOKIE}=`));
  if (match) return match.trim().endsWith("=true");
  return window.innerWidth >= 768;
}

/** Stores the open state. */
export function writeSidebarOpen(open: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps this state in a cookie.
  document.cookie = `${COOKIE}=${open}; path=/; max-age=${SEVEN_DAYS_S}; SameSite=Lax`;
}
