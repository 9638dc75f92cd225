/**
 * A test HTTP client that behaves like the web app: keeps cookies, sends the CSRF header
 * from the `csrf-token` cookie on unsafe methods, and parses JSON answers.
 */
export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** The Cookie header value of the jar. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair?.indexOf("=") ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0\b/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Ensures the jar holds a CSRF cookie (GET /api/csrf-token) and returns it. */
  async csrf(): Promise<string> {
    let token = this.cookies.get("csrf-token");
    if (!token) {
      await this.request("GET", "/api/csrf-token");
      token = this.cookies.get("csrf-token") ?? "";
    }
    return token;
  }

  /**
   * Sends a request; `body` is JSON unless `contentType` says otherwise. `csrf: false` leaves
   * the CSRF header out (to test the protection).
   */
  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    opts: { csrf?: boolean; contentType?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const headers: Record<string, string> = { ...opts.headers };
    const unsafe = !["GET", "HEAD", "OPTIONS"].includes(method);
    if (unsafe && opts.csrf !== false) headers["x-csrf-token"] = await this.csrf();
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let payload: string | undefined;
    if (body !== undefined) {
      headers["content-type"] = opts.contentType ?? "application/json";
      payload = typeof body === "string" && opts.contentType ? body : JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: "manual" });
    this.remember(res);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = unknown>(path: string) {
    return this.request<T>("GET", path);
  }
  post<T = unknown>(path: string, body?: unknown) {
    return this.request<T>("POST", path, body ?? {});
  }
  patch<T = unknown>(path: string, body?: unknown) {
    return this.request<T>("PATCH", path, body ?? {});
  }
  put<T = unknown>(path: string, body?: unknown) {
    return this.request<T>("PUT", path, body ?? {});
  }
  delete<T = unknown>(path: string) {
    return this.request<T>("DELETE", path);
  }
}
