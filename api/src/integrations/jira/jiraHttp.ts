import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import { isLoopbackHost } from "../hosts";
import { RateLimitBudget, TrackerRateLimited } from "../trackers/trackerRateLimit";
import {
  parseTrackerJson,
  readTrackerAnswer,
  readTrackerBody,
  type TrackerAnswer,
  TrackerAnswerError,
  trackerAnswerMessage,
} from "../trackers/trackerResponse";
import { jiraErrorText } from "./jiraAnswers";

/*
 * Jira's REST API v3 over node:http(s), with the outbound rules of issue #12 section 1.
 *
 * Why not jira.js (DESIGN.md names it): version 6 has no install scripts and depends only on zod,
 * but it sends through the global fetch with no hook for the connection's DNS lookup, so the
 * private-address rule could only be checked before the call (a second lookup at connect time
 * could answer differently: DNS rebinding), and redirects and the timeout are its own. We call 9
 * endpoints; this file checks every address at connect time through the socket's `lookup`,
 * follows no redirect at all, aborts a call after 10 s, honours Retry-After within the request's
 * budget, and reads every answer through the tracker guard (trackers/trackerResponse: at most
 * 5 MB, bounded JSON, the endpoint's schema in jiraAnswers).
 */

/** Why a call to Jira failed: the kind decides the words users see and whether retrying helps. */
export type JiraErrorKind = "auth" | "refused" | "timeout" | "network" | "api" | "rateLimited" | "notFound";

/** A failed call to Jira; `message` is fit to show (Jira's own error text when it sent one). */
export class JiraError extends Error {
  constructor(
    readonly kind: JiraErrorKind,
    message: string,
    /** Jira's HTTP status, when it answered. */
    readonly status?: number,
    /** The system's own words behind `message` (e.g. `getaddrinfo ENOTFOUND jira.example`), for those who want them. */
    readonly detail?: string,
    /** For `rateLimited`: seconds after which our caller may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Node's TLS codes for a certificate that is not trusted (expired, self-signed, another name...). */
const UNTRUSTED_CERTIFICATE =
  /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|ERR_TLS_CERT_ALTNAME_INVALID)/;

/**
 * What a failed connection means for the person who typed the URL (issue #22: not the raw
 * `getaddrinfo ENOTFOUND ...`, which stays in the error's `detail`), by Node's error code.
 */
export function networkFailureMessage(code: string | undefined): string {
  switch (code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
      return "Jira server not found: check the URL";
    case "ECONNREFUSED":
      return "The Jira server refused the connection: check the URL and port";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "The Jira server cannot be reached from here: check the URL";
    case "ECONNRESET":
    case "EPIPE":
      return "The connection to Jira was cut off: try again";
    default:
      return code && UNTRUSTED_CERTIFICATE.test(code)
        ? "The Jira server's HTTPS certificate is not trusted: check the URL"
        : "Could not reach Jira: check the URL";
  }
}

/** Where and how to call: the site, the account, and the address rules in force. */
export interface JiraTarget {
  serverUrl: string;
  email: string;
  apiToken: string;
  /** NODE_ENV=production: private, loopback and link-local addresses are refused unless `allowPrivateHosts`. */
  production: boolean;
  allowPrivateHosts: boolean;
  /**
   * The Retry-After waits left to the request of ours these calls serve (issue #23 section 6);
   * one target per request shares it between its calls. Absent: a fresh 10 s budget per call.
   */
  rateLimit?: RateLimitBudget;
}

/** Per call timeout (issue #12 section 1). */
export const JIRA_TIMEOUT_MS = 10_000;

/** Non-public IPv4 and IPv6 ranges: loopback, private, link-local, CGNAT, unspecified, multicast, reserved. */
const PRIVATE = new net.BlockList();
for (const [net4, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  PRIVATE.addSubnet(net4, prefix, "ipv4");
}
for (const [net6, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  PRIVATE.addSubnet(net6, prefix, "ipv6");
}

/** True for an address Jira Cloud never has: loopback, private, link-local and the like (IPv4-mapped IPv6 too). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], "ipv4");
  const family = net.isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The serverUrl rule (issue #12 section 1): `https://`, or `http://` to a loopback address when
 * not in production; no credentials, query or fragment. Answers the URL without a trailing slash.
 * @throws JiraError("refused") with the reason.
 */
export function checkServerUrl(serverUrl: string, production: boolean): string {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    throw new JiraError("refused", "The Jira URL is not a valid URL");
  }
  if (url.username || url.password) throw new JiraError("refused", "The Jira URL must not contain credentials");
  if (url.protocol === "http:") {
    if (production || !isLoopbackHost(url.hostname)) {
      throw new JiraError("refused", "The Jira URL must start with https://");
    }
  } else if (url.protocol !== "https:") {
    throw new JiraError("refused", "The Jira URL must start with https://");
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** The socket lookup that refuses private addresses: every address the name resolves to is checked. */
function guardedLookup(refusePrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as dns.LookupAddress[];
      if (refusePrivate && list.some((a) => isPrivateAddress(a.address))) {
        const refused = new JiraError("refused", `Refusing to call ${hostname}: it resolves to a private address`);
        return callback(refused as unknown as NodeJS.ErrnoException, "", 4);
      }
      if (options.all) return callback(null, list as unknown as string, 4);
      const first = list[0];
      if (!first) return callback(new Error(`no address for ${hostname}`) as NodeJS.ErrnoException, "", 4);
      callback(null, first.address, first.family);
    });
  };
}

/** One answer: status, headers and the body's bytes (at most TRACKER_MAX_BODY_BYTES). */
interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One HTTP exchange under the address rules and the timeout; no redirect is followed, and the
 * body is read up to TRACKER_MAX_BODY_BYTES (issue #23 section 6). Every failure is a JiraError.
 */
function exchange(target: JiraTarget, method: string, path: string, body: unknown): Promise<RawResponse> {
  const base = checkServerUrl(target.serverUrl, target.production);
  const url = new URL(`${base}${path}`);
  const refusePrivate = target.production && !target.allowPrivateHosts;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // An address literal never reaches `lookup`: check it here. Names (localhost too) are checked
  // on every address they resolve to, at connect time.
  if (refusePrivate && net.isIP(host) !== 0 && isPrivateAddress(host)) {
    return Promise.reject(new JiraError("refused", `Refusing to call ${host}: it is a private address`));
  }
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body), "utf8");
  const auth = Buffer.from(`${target.email}:${target.apiToken}`, "utf8").toString("base64");
  const transport = url.protocol === "https:" ? https : http;
  const signal = AbortSignal.timeout(JIRA_TIMEOUT_MS);
  const timedOut = () => new JiraError("timeout", `Jira did not answer within ${JIRA_TIMEOUT_MS / 1000} s`);
  return new Promise((resolve, reject) => {
    const req = transport.request(
      url,
      {
        method,
        lookup: guardedLookup(refusePrivate),
        headers: {
          authorization: `Basic ${auth}`,
          accept: "application/json",
          ...(payload ? { "content-type": "application/json", "content-length": String(payload.length) } : {}),
        },
        signal,
      },
      (res) => {
        readTrackerBody(res).then(
          (bytes) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes }),
          (error: unknown) => {
            if (error instanceof TrackerAnswerError) {
              reject(new JiraError("api", trackerAnswerMessage("Jira", error), res.statusCode));
            } else if (signal.aborted) {
              reject(timedOut());
            } else {
              const code = (error as NodeJS.ErrnoException).code;
              reject(new JiraError("network", networkFailureMessage(code ?? "ECONNRESET"), undefined, String(error)));
            }
          },
        );
      },
    );
    req.on("error", (error: Error) => {
      if (error instanceof JiraError) return reject(error);
      if (error.name === "AbortError" || error.name === "TimeoutError") return reject(timedOut());
      const code = (error as NodeJS.ErrnoException).code;
      reject(new JiraError("network", networkFailureMessage(code), undefined, error.message));
    });
    req.end(payload);
  });
}

/**
 * Calls Jira's REST API (`path` from `/rest/api/3/...`) with basic auth and JSON, and answers
 * the body checked with `answer` (issue #23 section 6: bounded, parsed, then its schema). A 429,
 * or a 503 with Retry-After, is retried after the wait it asks for (else 1, 2, 4 s) while the
 * request's waits stay within `target.rateLimit` (TRACKER_RATE_LIMIT_MAX_WAIT_MS, 10 s in all).
 * @throws JiraError: auth (401/403), notFound (404), rateLimited (beyond the budget, with
 *   `retryAfterSeconds`), api (other non-2xx, a redirect, or an answer too large or of the wrong
 *   shape), refused, timeout or network.
 */
export async function jiraRequest<T>(
  target: JiraTarget,
  method: string,
  path: string,
  answer: TrackerAnswer<T>,
  body?: unknown,
): Promise<T> {
  const budget = target.rateLimit ?? new RateLimitBudget();
  for (let attempt = 0; ; attempt++) {
    const res = await exchange(target, method, path, body);
    if (res.status >= 200 && res.status < 300) {
      try {
        return readTrackerAnswer(res.body, answer);
      } catch (error) {
        if (error instanceof TrackerAnswerError) {
          throw new JiraError("api", trackerAnswerMessage("Jira", error), res.status);
        }
        throw error;
      }
    }
    const retryAfter = res.headers["retry-after"];
    if (res.status === 429 || (res.status === 503 && retryAfter !== undefined)) {
      try {
        await budget.wait(retryAfter, attempt);
        continue;
      } catch (error) {
        if (!(error instanceof TrackerRateLimited)) throw error;
        const seconds = error.retryAfterSeconds;
        throw new JiraError(
          "rateLimited",
          `Jira is rate limiting requests: try again in ${seconds} s`,
          res.status,
          undefined,
          seconds,
        );
      }
    }
    let parsed: unknown = null;
    try {
      parsed = parseTrackerJson(res.body);
    } catch {
      // An error page that is not Jira's JSON (a proxy's HTML): the status speaks for it.
    }
    const message = jiraErrorText(parsed);
    if (res.status >= 300 && res.status < 400) {
      throw new JiraError("api", `Jira answered a redirect (${res.status}), which is not followed`, res.status);
    }
    if (res.status === 401) {
      throw new JiraError("auth", "Jira rejected the e-mail or API token (401 Unauthorized)", 401);
    }
    if (res.status === 403) throw new JiraError("auth", message ?? "Jira refused access (403 Forbidden)", 403);
    if (res.status === 404) throw new JiraError("notFound", message ?? "Not found in Jira (404)", 404);
    throw new JiraError("api", message ?? `Jira answered ${res.status}`, res.status);
  }
}
