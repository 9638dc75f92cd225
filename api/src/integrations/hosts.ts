import net from "node:net";

/**
 * True for `localhost` and `*.localhost` (RFC 6761), 127.0.0.0/8 and ::1 (with or without
 * brackets): the hosts plain http may reach outside production (Jira's serverUrl, Bluesky's
 * local stand-ins).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (net.isIPv4(host)) return host.startsWith("127.");
  return host === "::1";
}
