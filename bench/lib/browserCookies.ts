import type { BrowserContext } from "playwright-core";
import type { ApiClient } from "./http";

/** Copies an API client's cookies (sign-in, CSRF) into a browser profile, for pages of `baseUrl`. */
export async function shareCookies(client: ApiClient, context: BrowserContext, baseUrl: string): Promise<void> {
  const cookies = client
    .cookieHeader()
    .split("; ")
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf("=");
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: baseUrl };
    });
  await context.addCookies(cookies);
}
