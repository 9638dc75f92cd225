import { ApiClient } from "./apiClient";

/**
 * A browser stand-in for provider sign-in tests: follows redirects between our server (through an
 * ApiClient, so its cookies and CSRF work as in the web app) and a provider (its own cookie jar)
 * until the browser would land on one of our pages (a path outside /api/), and answers that path.
 */
export class RedirectWalker {
  readonly client: ApiClient;
  private readonly providerCookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {
    this.client = new ApiClient(baseUrl);
  }

  /**
   * Follows from `start` (a path on our server or a full URL). `beforeCallback` may rewrite the
   * provider's redirect to our callback, or answer null to stop there (then the callback URL is
   * returned as is).
   * @throws Error when a hop answers without a redirect, or after 30 hops.
   */
  async walk(start: string, beforeCallback?: (url: URL) => URL | null): Promise<string> {
    let url = new URL(start, this.baseUrl);
    for (let hop = 0; hop < 30; hop++) {
      let location: string | null;
      if (url.origin === new URL(this.baseUrl).origin) {
        if (!url.pathname.startsWith("/api/")) return url.pathname + url.search;
        if (beforeCallback && url.pathname.endsWith("/callback")) {
          const rewritten = beforeCallback(url);
          if (!rewritten) return url.toString();
          url = rewritten;
        }
        const res = await this.client.get(url.pathname + url.search);
        location = res.headers.get("location");
        if (!location) throw new Error(`${url} answered ${res.status} without a redirect: ${JSON.stringify(res.body)}`);
      } else {
        const cookie = [...this.providerCookies].map(([k, v]) => `${k}=${v}`).join("; ");
        const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
        for (const line of res.headers.getSetCookie()) {
          const [pair = ""] = line.split(";");
          const eq = pair.indexOf("=");
          if (eq > 0) this.providerCookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
        }
        location = res.headers.get("location");
        if (!location) throw new Error(`${url} answered ${res.status} without a redirect: ${await res.text()}`);
      }
      url = new URL(location, url);
    }
    throw new Error("too many redirects");
  }
}
