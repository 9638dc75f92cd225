import type { Config } from "../config";

/**
 * Microsoft Teams on the web, Outlook and Microsoft 365: the hosts that frame the app
 * (CSP frame-ancestors) and whose pages may open a cookie-authenticated WebSocket. One list
 * (Teams app manifest `validDomains` and Microsoft's "Configure your Teams app" CSP notes).
 */
export const TEAMS_HOSTS = [
  "https://teams.microsoft.com",
  "https://*.teams.microsoft.com",
  "https://*.cloud.microsoft",
  "https://*.office.com",
  "https://outlook.office.com",
  "https://*.microsoft365.com",
] as const;

/** A Host header we may echo into a header value: host name or IP literal and port only. */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** Whether `origin` (`https://x.teams.microsoft.com`) matches a `TEAMS_HOSTS` entry (`*.` = any subdomain). */
function matchesHost(origin: URL, pattern: string): boolean {
  const wanted = new URL(pattern.replace("*.", "wildcard."));
  if (origin.protocol !== wanted.protocol || origin.port !== wanted.port) return false;
  if (!pattern.includes("*.")) return origin.hostname === wanted.hostname;
  return origin.hostname.endsWith(wanted.hostname.slice("wildcard".length));
}

/**
 * The WebSocket origins (`wss://host`, `ws://host`) of the app itself, for CSP connect-src:
 * PUBLIC_URL's host, or, when PUBLIC_URL is unset (development, tests), the request's own Host
 * (both schemes; none when the Host header is not a plain host).
 */
export function ownSocketOrigins(config: Config, hostHeader: string | undefined): string[] {
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return [`${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`];
  }
  return hostHeader && PLAIN_HOST.test(hostHeader) ? [`ws://${hostHeader}`, `wss://${hostHeader}`] : [];
}

/** `value` as a URL, or null (`null` origins, garbage). */
function urlOf(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * Whether a URL or origin (an `Origin` or `Referer` header) is the app's own: PUBLIC_URL's
 * origin exactly, or, when PUBLIC_URL is unset (development, tests), one whose host is the
 * request's Host (any scheme: a TLS proxy may sit in front). A foreign page cannot choose the
 * Host its victim's browser sends, and a DNS-rebound name carries no cookies of ours.
 */
export function isOwnOrigin(value: string, config: Config, hostHeader: string | undefined): boolean {
  const url = urlOf(value);
  if (!url) return false;
  return config.publicUrl ? url.origin === new URL(config.publicUrl).origin : url.host === hostHeader;
}

/**
 * Whether a browser `Origin` is the app's own (`isOwnOrigin`) or a Teams host (issue #7:
 * WebSocket upgrades took any Origin).
 */
export function isTrustedOrigin(origin: string, config: Config, hostHeader: string | undefined): boolean {
  if (isOwnOrigin(origin, config, hostHeader)) return true;
  const url = urlOf(origin);
  return url !== null && TEAMS_HOSTS.some((pattern) => matchesHost(url, pattern));
}

/**
 * The origin for links and return URLs the server hands out (OAuth callbacks, Stripe return
 * URLs, invitation and password-reset links): PUBLIC_URL without a trailing slash, else the
 * request's own scheme and Host (development, tests). The Host is the client's to choose, so a
 * link that goes by e-mail to someone else must not come from it in production: see
 * `mailLinkOrigin`.
 */
export function publicOrigin(config: Config, request: { protocol: string; host: string }): string {
  return (config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, "");
}

/**
 * The origin for a link e-mailed to someone other than the caller (a password reset): as
 * `publicOrigin`, but undefined in production without PUBLIC_URL, where a forged Host header
 * would otherwise put the victim's reset token in a link to the attacker's host (password reset
 * poisoning).
 */
export function mailLinkOrigin(config: Config, request: { protocol: string; host: string }): string | undefined {
  if (!config.publicUrl && config.nodeEnv === "production") return undefined;
  return publicOrigin(config, request);
}
