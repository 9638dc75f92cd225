import type { ApiClient } from "../../testing/apiClient";
import { buildUser } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * Logout CSRF (issue #7): `GET /api/logout` signs out only same-origin requests; a cross-site
 * navigation (attacker: any page with a link or `<img src=".../api/logout">`) gets a
 * "Sign out?" page whose form posts with the CSRF token.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: "https://pointwise.test" } });
});
afterAll(() => server.close());

const logout = (client: ApiClient, headers: Record<string, string>) =>
  client.request<string>("GET", "/api/logout", undefined, { headers });
const signedIn = async (client: ApiClient) => (await client.get("/api/auth/user")).status === 200;
const FORM = "application/x-www-form-urlencoded";

describe("GET /api/logout", () => {
  it.each([
    [{ "sec-fetch-site": "same-origin" }],
    [{ "sec-fetch-site": "none" }],
    [{ origin: "https://pointwise.test" }],
    [{ referer: "https://pointwise.test/settings" }],
  ])("signs out a same-origin request (%j) with a 302", async (headers) => {
    const victim = await buildUser(server.url);
    const res = await logout(victim.client, headers);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(await signedIn(victim.client)).toBe(false);
  });

  it.each([
    [{ "sec-fetch-site": "cross-site" }],
    [{ "sec-fetch-site": "same-site" }],
    [{ "sec-fetch-site": "cross-site", referer: "https://pointwise.test/" }],
    [{ referer: "https://evil.example/page" }],
    [{ origin: "null" }],
    [{}],
  ])("answers a cross-site or unknown request (%j) with the Sign out? page", async (headers) => {
    const victim = await buildUser(server.url);
    const res = await logout(victim.client, headers);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.body).toContain("Sign out?");
    expect(res.body).toMatch(/<form method="post" action="\/api\/logout">/);
    expect(res.body).not.toMatch(/<script/i);
    expect(await signedIn(victim.client)).toBe(true);
  });
});

describe("POST /api/logout", () => {
  it("signs out from the page's form with its token, and refuses a form without a valid one", async () => {
    const victim = await buildUser(server.url);
    const page = await logout(victim.client, { "sec-fetch-site": "cross-site" });
    const token = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
    expect(token).toBe(victim.client.cookies.get("csrf-token"));
    // The attacker's own form: no token, or one of its own.
    for (const body of ["", "_csrf=forged.value", `_csrf=${encodeURIComponent(`${token}x`)}`]) {
      const forged = await victim.client.request<{ code: string }>("POST", "/api/logout", body, {
        csrf: false,
        contentType: FORM,
      });
      expect(forged.status).toBe(403);
      expect(forged.body.code).toBe("CSRF_VALIDATION_FAILED");
    }
    expect(await signedIn(victim.client)).toBe(true);
    const res = await victim.client.request("POST", "/api/logout", `_csrf=${encodeURIComponent(token)}`, {
      csrf: false,
      contentType: FORM,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    expect(await signedIn(victim.client)).toBe(false);
  });

  it("signs out with the CSRF header as any unsafe call, and only form routes parse forms", async () => {
    const user = await buildUser(server.url);
    expect((await user.client.post("/api/logout")).status).toBe(303);
    expect(await signedIn(user.client)).toBe(false);
    const other = await buildUser(server.url);
    const token = await other.client.csrf();
    const form = await other.client.request("POST", "/api/sessions", `_csrf=${token}&title=x`, {
      csrf: false,
      contentType: FORM,
    });
    expect(form.status).toBe(415);
  });
});
