/** Longest return path accepted (characters). */
const MAX_RETURN_PATH = 2048;
/** Any origin: only used to resolve a path and check that it stays on it. */
const PROBE_ORIGIN = "https://pointwise.invalid";

/**
 * A `returnTo` value (where sign-in or registration goes afterwards; issue #8 section 6,
 * "Invitations survive sign-in") if it is a same-origin relative path, else null: it must
 * start with a single `/`, and contain no backslash, control character or whitespace, so
 * `//evil.com`, `/\evil.com`, `https://evil.com`, `javascript:…` and `evil.com` are refused
 * (no open redirect). The answer is the normalised path with its query and fragment.
 * @param value the raw parameter (null or undefined when absent)
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_RETURN_PATH) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with `?returnTo=` set to `returnTo` when that is a safe return path (else `path` as is). */
export function withReturnTo(path: string, returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${path}?returnTo=${encodeURIComponent(safe)}` : path;
}
