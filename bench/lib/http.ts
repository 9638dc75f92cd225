/**
 * A tiny REST client for the benchmarks' setup phase: keeps cookies like a browser (sign-in
 * cookie `pointwise.sid`, CSRF cookie), fetches a CSRF token once and echoes it in
 * `X-CSRF-Token` on every unsafe request (api/src/auth/csrf.ts).
 */

import http from "node:http";

/** One caller with its own cookie jar (a browser profile). */
export class ApiClient {
  private readonly cookies = new Map<string, string>();
  private csrf: string | undefined;

  constructor(private readonly baseUrl: string) {}

  /** The server this client talks to (http://host:port). */
  baseUrlOf(): string {
    return this.baseUrl;
  }

  /** The `Cookie` header this client would send (e.g. for a WebSocket upgrade). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /**
   * Sends one request and returns the parsed JSON body.
   * @throws Error with status and body when the answer is not 2xx
   */
  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    retried = false,
  ): Promise<T> {
    const unsafe = method !== "GET" && method !== "HEAD";
    if (unsafe && !this.csrf) {
      const { csrfToken } = await this.request<{ csrfToken: string }>("GET", "/api/csrf-token");
      this.csrf = csrfToken;
    }
    const h: Record<string, string> = { ...headers };
    const cookie = this.cookieHeader();
    if (cookie) h.cookie = cookie;
    if (unsafe && this.csrf) h["x-csrf-token"] = this.csrf;
    if (body !== undefined) h["content-type"] = "application/json";
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? "";
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      this.cookies.set(name, value);
      // A sign-in or sign-out sets a fresh CSRF token, bound to the new session (issue #23 section 7).
      if (name === "csrf-token" && value) this.csrf = value;
    }
    const text = await res.text();
    // The CSRF token is bound to the sign-in session (issue #23 section 7): after a sign-in the
    // cached one is stale; fetch a fresh one and try once more, as the web app does.
    if (res.status === 403 && unsafe && !retried && text.includes("CSRF_VALIDATION_FAILED")) {
      this.csrf = undefined;
      return this.request<T>(method, path, body, headers, true);
    }
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** POST with a text body of the given content type (e.g. a CSV import); JSON answer. */
  async postText<T>(path: string, text: string, contentType: string): Promise<T> {
    if (!this.csrf) {
      const { csrfToken } = await this.request<{ csrfToken: string }>("GET", "/api/csrf-token");
      this.csrf = csrfToken;
    }
    const res = await fetch(`${this.baseUrl}${path}`, {
      method: "POST",
      headers: { cookie: this.cookieHeader(), "x-csrf-token": this.csrf, "content-type": contentType },
      body: text,
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`POST ${path} -> ${res.status} ${body.slice(0, 300)}`);
    return (body ? JSON.parse(body) : undefined) as T;
  }

  /** POST with a JSON body. */
  post<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<T> {
    return this.request<T>("POST", path, body, headers);
  }
}

/** A strong password meeting the register rules (8+ chars, upper, lower, digit). */
export const BENCH_PASSWORD = "Bench-Passw0rd";

/**
 * Registers a fresh user (signed in afterwards: the client holds its sign-in cookie).
 * @returns the user's id
 */
export async function registerUser(client: ApiClient, tag: string): Promise<string> {
  const email = `bench-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await client.post<{ user: { id: string } }>("/api/register", {
    email,
    firstName: "Bench",
    lastName: tag,
    password: BENCH_PASSWORD,
  });
  return res.user.id;
}

/**
 * Sends one request with a prepared body over `agent` (node:http: no WHATWG streams or header
 * objects, so a load client that shares the cores with the server costs less per request than
 * with `fetch`) and resolves with the answer's status once its body has been read.
 * @throws Error on a connection error
 */
export function sendBody(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method, path, agent, headers: { ...headers, "content-length": body.length } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>) {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
