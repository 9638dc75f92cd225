/**
 * The double-submit CSRF token (DESIGN.md "Contracts"): the `csrf-token` cookie, else a value
 * fetched once from GET /api/csrf-token and cached until the server rejects it or the sign-in
 * changes. The server binds a signed-in caller's token to the sign-in session (issue #23
 * section 7) and sets a fresh cookie with the answer that signs in or out.
 */
let cached: string | null = null;

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** The token to send as `X-CSRF-Token`; fetches one when neither cookie nor cache has it. */
export async function csrfToken(): Promise<string> {
  const fromCookie = readCookie("csrf-token");
  if (fromCookie) return fromCookie;
  if (cached) return cached;
  const response = await fetch("/api/csrf-token", { credentials: "include" });
  const body = (await response.json()) as { csrfToken?: string };
  cached = body.csrfToken ?? "";
  return cached;
}

/** Forgets the cached token after a CSRF_VALIDATION_FAILED answer; the next call fetches a fresh one. */
export async function refreshCsrfToken(): Promise<string> {
  cached = null;
  const response = await fetch("/api/csrf-token", { credentials: "include" });
  const body = (await response.json()) as { csrfToken?: string };
  cached = body.csrfToken ?? "";
  return cached;
}

/**
 * Forgets the cached token when the sign-in changes (sign-in, registration, sign-out): the old one
 * was bound to the session that ended, so the next write reads the fresh cookie or fetches one.
 */
export function forgetCsrfToken(): void {
  cached = null;
}
