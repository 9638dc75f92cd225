/**
 * The real API for tab tests that run in tab/src/testing/jsdomWithApiServer.cjs (issue #24
 * section 4): its URL, and a `fetch` for the tab's own calls (relative paths, cookies kept as a
 * browser keeps them for its origin).
 */

/** What the environment adds to the test's globals. */
interface ServerGlobals {
  apiServerUrl?: string;
  nodeFetch?: typeof fetch;
}

const globals = globalThis as typeof globalThis & ServerGlobals;

/** The API test server's base URL, e.g. `http://127.0.0.1:41234`. */
export function apiServerUrl(): string {
  if (!globals.apiServerUrl) throw new Error("run this file in ./tab/src/testing/jsdomWithApiServer.cjs");
  return globals.apiServerUrl;
}

/** The calls made through an installed fetch, as `METHOD /path` in the order they were sent. */
export interface FetchLog {
  requests: string[];
}

/** The browser's cookies for the API's origin: one jar for the file, kept across installs. */
const jar = new Map<string, string>();

/** Forgets every cookie (a new browser). */
export function clearCookies(): void {
  jar.clear();
}

/**
 * Installs `fetch` as a browser on the API's origin would have it: a relative path goes to the
 * API server, its cookies are kept and sent back. `unreachable` sends everything to a closed
 * port instead (a network failure; the cookies stay for when it is back).
 * @returns the log of the calls made through it
 */
export function installServerFetch(options: { unreachable?: boolean } = {}): FetchLog {
  const nodeFetch = globals.nodeFetch;
  if (!nodeFetch) throw new Error("run this file in ./tab/src/testing/jsdomWithApiServer.cjs");
  const base = options.unreachable ? "http://127.0.0.1:9" : apiServerUrl();
  const log: FetchLog = { requests: [] };
  globals.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), base);
    log.requests.push(`${init.method ?? "GET"} ${url.pathname}`);
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await nodeFetch(url, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? "";
      const at = pair.indexOf("=");
      if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    return response;
  };
  return log;
}
