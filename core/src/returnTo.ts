/** Longest return path accepted (characters). */
const MAX_RETURN_PATH = 2048;
/** Any origin: only used to resolve a path and check that it stays on it. */
const PROBE_ORIGIN = "https://pointwise.invalid";
/** Percent-decodings of the path checked after the first (`%252F` is `/` after two). */
const MAX_DECODINGS = 3;

/**
 * `value` resolved against a dummy origin by the WHATWG URL parser, as a browser resolves a
 * `Location` or a link: dot segments (also `%2e`) removed, backslashes turned into slashes.
 * Null unless the result is a path of that origin that does not start with `//` or `/\`
 * (which a browser would take for another host once the path is used again as a URL).
 */
function sameOriginUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return null;
  return url;
}

/**
 * `text` with every percent-escape of an ASCII character decoded (`%2F` -> `/`, `%5C` -> `\`,
 * `%2e` -> `.`); other escapes, and a `%` that starts none, stay as they are. Every character
 * that can turn a path into another host is ASCII, so this is the decoding that matters, and it
 * never fails, unlike `decodeURIComponent` (which a lenient consumer would not be).
 */
const decodeAsciiEscapes = (text: string): string =>
  text.replace(/%([0-7][0-9A-Fa-f])/g, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * Whether `path` stays a same-origin path however many times (up to MAX_DECODINGS) something
 * percent-decodes it again (a router, a proxy): `/%2F%2Fevil.example` decodes to
 * `//evil.example`, `/%252F%252Fevil.example` after two decodings.
 */
function staysSameOriginWhenDecoded(path: string): boolean {
  let current = path;
  for (let i = 0; i < MAX_DECODINGS; i++) {
    const decoded = decodeAsciiEscapes(current);
    if (decoded === current) return true;
    const url = sameOriginUrl(decoded);
    if (!url) return false;
    current = url.pathname;
  }
  return true;
}

/**
 * A `returnTo` value (where sign-in or registration goes afterwards; issue #8 section 6,
 * "Invitations survive sign-in") as a same-origin path, else null (issue #23 section 3: no
 * open redirect). The value must start with `/` and hold no control character or whitespace
 * (which the URL parser would silently drop); it is then normalised by the URL parser against a
 * dummy origin (dot segments, `%2e`, backslashes) and must still be a path of that origin that
 * does not start with `//` or `/\`, also once percent-decoded. So `//evil.example`,
 * `/.//evil.example`, `/..//`, `/%2e//`, `/a/..//`, `/\evil.example`, `https://evil.example`,
 * `javascript:…` and `evil.example` are refused. The answer is the normalised path with its
 * query and fragment, which is what a redirect should send.
 * @param value the raw parameter (null or undefined when absent)
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_RETURN_PATH || !value.startsWith("/")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return null;
  const url = sameOriginUrl(value);
  if (!url || !staysSameOriginWhenDecoded(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with `?returnTo=` set to `returnTo` when that is a safe return path (else `path` as is). */
export function withReturnTo(path: string, returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${path}?returnTo=${encodeURIComponent(safe)}` : path;
}
