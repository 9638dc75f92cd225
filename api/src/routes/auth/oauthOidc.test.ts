import { randomBytes } from "node:crypto";
import type { UserView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildUser, TEST_PASSWORD } from "../../testing/factories";
import { type OidcAccount, type OidcStub, startOidcStub } from "../../testing/oidcStub";
import { oauthPairOf } from "../../testing/providerAccounts";
import { RedirectWalker } from "../../testing/redirectWalker";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * Google and Microsoft sign-in (issue #13 sections 1 and 4) end to end against `oidc-provider`,
 * a certified OpenID Provider, standing in for both: discovery, PKCE, state, nonce, ID tokens.
 */
let op: OidcStub;
let server: TestServer;
beforeAll(async () => {
  op = await startOidcStub();
  server = await startTestServer({
    env: {
      AUTH_GOOGLE_CLIENT_ID: "google-client",
      AUTH_GOOGLE_CLIENT_SECRET: "google-secret",
      AUTH_GOOGLE_ISSUER: op.issuer,
      AUTH_MICROSOFT_CLIENT_ID: "microsoft-client",
      AUTH_MICROSOFT_CLIENT_SECRET: "microsoft-secret",
      AUTH_MICROSOFT_ISSUER: op.issuer,
    },
  });
  op.start([
    { clientId: "google-client", clientSecret: "google-secret", redirectUri: `${server.url}/api/auth/google/callback` },
    {
      clientId: "microsoft-client",
      clientSecret: "microsoft-secret",
      redirectUri: `${server.url}/api/auth/microsoft/callback`,
    },
  ]);
});
afterAll(async () => {
  await server.close();
  await op.close();
});

const person = (overrides: Partial<OidcAccount> = {}): OidcAccount => {
  const id = randomBytes(5).toString("hex");
  return {
    sub: `google-${id}`,
    email: `g-${id}@example.com`,
    email_verified: true,
    given_name: "Grace",
    family_name: "Hopper",
    picture: `https://lh3.googleusercontent.com/a/${id}`,
    ...overrides,
  };
};

describe("GET /api/auth/providers", () => {
  it("lists the configured providers only, in button order", async () => {
    const res = await new ApiClient(server.url).get<{ providers: string[] }>("/api/auth/providers");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ providers: ["google", "microsoft"] });
  });
});

describe("Google sign-in", () => {
  it("creates the account on first sign-in (name, avatar, e-mail), rotates the session id, finds it the second time", async () => {
    const account = person();
    op.next = { account };
    const browser = new RedirectWalker(server.url);
    let sidDuringFlow: string | undefined;
    const landed = await browser.walk("/api/auth/google", (callback) => {
      // The flow's secrets are in the session: the browser holds a session cookie by now.
      expect(browser.client.cookies.get("pointwise.sid")).toBeDefined();
      sidDuringFlow = browser.client.cookies.get("pointwise.sid");
      return callback;
    });
    expect(landed).toBe("/");
    expect(browser.client.cookies.get("pointwise.sid")).not.toBe(sidDuringFlow);
    const me = await browser.client.get<UserView>("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: account.email,
      firstName: "Grace",
      lastName: "Hopper",
      profileImageUrl: account.picture,
      providers: ["google"],
    });

    const again = new RedirectWalker(server.url);
    expect(await again.walk("/api/auth/google?returnTo=/teams")).toBe("/teams");
    expect((await again.client.get<UserView>("/api/auth/user")).body.id).toBe(me.body.id);
  });

  it("refuses a callback whose state does not match", async () => {
    op.next = { account: person() };
    const browser = new RedirectWalker(server.url);
    const landed = await browser.walk("/api/auth/google", (callback) => {
      callback.searchParams.set("state", "forged-state");
      return callback;
    });
    expect(landed).toBe("/login?error=state_mismatch&provider=google");
    expect((await browser.client.get("/api/auth/user")).status).toBe(401);
  });

  it("refuses a code redeemed with another flow's PKCE verifier", async () => {
    op.next = { account: person() };
    const browser = new RedirectWalker(server.url);
    const first = new URL(await browser.walk("/api/auth/google", () => null));
    const second = new URL(await browser.walk("/api/auth/google", () => null));
    // The first flow's code with the second flow's state: the state matches the session, the
    // stored verifier is the second flow's, so the provider refuses the code.
    second.searchParams.set("code", first.searchParams.get("code") ?? "");
    expect(await browser.walk(second.toString())).toBe("/login?error=provider_error&provider=google");
    expect((await browser.client.get("/api/auth/user")).status).toBe(401);
  });

  it("returns to /login with a message when consent is cancelled", async () => {
    op.next = "cancel";
    const browser = new RedirectWalker(server.url);
    expect(await browser.walk("/api/auth/google")).toBe("/login?error=cancelled&provider=google");
  });

  it("never links an unverified e-mail to the existing account", async () => {
    const existing = await buildUser(server.url);
    op.next = { account: person({ email: existing.email, email_verified: false }) };
    const browser = new RedirectWalker(server.url);
    expect(await browser.walk("/api/auth/google")).toBe("/");
    const me = await browser.client.get<UserView>("/api/auth/user");
    expect(me.body.id).not.toBe(existing.user.id);
    expect(me.body.email).toBeNull();
    expect((await existing.client.get<UserView>("/api/auth/user")).body.providers).toEqual([]);
  });

  it("links a verified e-mail of an existing account only after its password proves it", async () => {
    const existing = await buildUser(server.url);
    const account = person({ email: existing.email.toUpperCase() });
    op.next = { account };
    const browser = new RedirectWalker(server.url);
    expect(await browser.walk("/api/auth/google")).toBe("/login?link=google");
    expect((await browser.client.get("/api/auth/user")).status).toBe(401);
    expect((await existing.client.get<UserView>("/api/auth/user")).body.providers).toEqual([]);

    const login = await browser.client.post<{ linkedProvider?: string }>("/api/login", {
      email: existing.email,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.body.linkedProvider).toBe("google");
    expect((await browser.client.get<UserView>("/api/auth/user")).body.providers).toEqual(["google"]);

    const later = new RedirectWalker(server.url);
    expect(await later.walk("/api/auth/google")).toBe("/");
    expect((await later.client.get<UserView>("/api/auth/user")).body.id).toBe(existing.user.id);
  });

  it("does not link the pending account when someone else signs in", async () => {
    const existing = await buildUser(server.url);
    const other = await buildUser(server.url);
    op.next = { account: person({ email: existing.email }) };
    const browser = new RedirectWalker(server.url);
    expect(await browser.walk("/api/auth/google")).toBe("/login?link=google");
    const login = await browser.client.post<{ linkedProvider?: string }>("/api/login", {
      email: other.email,
      password: TEST_PASSWORD,
    });
    expect(login.body.linkedProvider).toBeUndefined();
    expect((await browser.client.get<UserView>("/api/auth/user")).body.providers).toEqual([]);
  });
});

describe("Microsoft sign-in", () => {
  it("keys the account by tenant and object id, as Teams SSO does", async () => {
    const account = person({ sub: "pairwise-sub", tid: "tenant-1", oid: `object-${randomBytes(4).toString("hex")}` });
    op.next = { account };
    const browser = new RedirectWalker(server.url);
    expect(await browser.walk("/api/auth/microsoft")).toBe("/");
    const me = await browser.client.get<UserView>("/api/auth/user");
    expect(me.body.providers).toEqual(["microsoft"]);
    const row = await oauthPairOf(server.ctx, me.body.id);
    expect(row).toMatchObject({ oauthProvider: "microsoft", oauthId: `tenant-1:${account.oid}` });
  });
});

describe("POST /api/auth/link/{provider}", () => {
  it("links Google to the signed-in user from Settings", async () => {
    const owner = await buildUser(server.url);
    const browser = new RedirectWalker(server.url);
    for (const [k, v] of owner.client.cookies) browser.client.cookies.set(k, v);
    const start = await browser.client.post<{ url: string }>("/api/auth/link/google");
    expect(start.status).toBe(200);
    op.next = { account: person() };
    expect(await browser.walk(start.body.url)).toBe("/settings?linked=google");
    expect((await browser.client.get<UserView>("/api/auth/user")).body.providers).toEqual(["google"]);
  });

  it("refuses a provider account that already belongs to someone else", async () => {
    const account = person();
    op.next = { account };
    await new RedirectWalker(server.url).walk("/api/auth/google");
    const owner = await buildUser(server.url);
    const browser = new RedirectWalker(server.url);
    for (const [k, v] of owner.client.cookies) browser.client.cookies.set(k, v);
    const start = await browser.client.post<{ url: string }>("/api/auth/link/google");
    expect(await browser.walk(start.body.url)).toBe("/settings?error=provider_in_use&provider=google");
  });

  it("answers 401 signed out, 403 without the CSRF token, 400 for an unknown provider, 404 for a disabled one", async () => {
    expect((await new ApiClient(server.url).post("/api/auth/link/google")).status).toBe(401);
    const { client } = await buildUser(server.url);
    expect((await client.request("POST", "/api/auth/link/google", {}, { csrf: false })).status).toBe(403);
    const unknown = await client.post<{ code: string }>("/api/auth/link/myspace");
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("VALIDATION_ERROR");
    const disabled = await client.post<{ code: string }>("/api/auth/link/github");
    expect(disabled.status).toBe(404);
  });
});

describe("DELETE /api/auth/providers/{provider}", () => {
  it("refuses to remove the last way in with 409 LAST_SIGN_IN_METHOD, and unlinks when a password remains", async () => {
    op.next = { account: person() };
    const googleOnly = new RedirectWalker(server.url);
    await googleOnly.walk("/api/auth/google");
    const last = await googleOnly.client.request<{ code: string }>("DELETE", "/api/auth/providers/google");
    expect(last.status).toBe(409);
    expect(last.body.code).toBe("LAST_SIGN_IN_METHOD");

    const owner = await buildUser(server.url);
    const browser = new RedirectWalker(server.url);
    for (const [k, v] of owner.client.cookies) browser.client.cookies.set(k, v);
    const start = await browser.client.post<{ url: string }>("/api/auth/link/google");
    op.next = { account: person() };
    await browser.walk(start.body.url);
    const unlinked = await browser.client.request<{ providers: string[] }>("DELETE", "/api/auth/providers/google");
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.providers).toEqual([]);
    const row = await oauthPairOf(server.ctx, owner.user.id);
    expect(row).toMatchObject({ oauthProvider: null, oauthId: null });
  });

  it("keeps a provider-only account's last provider even after its other one is gone", async () => {
    op.next = { account: person() };
    const browser = new RedirectWalker(server.url);
    await browser.walk("/api/auth/google");
    const start = await browser.client.post<{ url: string }>("/api/auth/link/microsoft");
    op.next = { account: person({ tid: "t", oid: `o-${randomBytes(3).toString("hex")}` }) };
    expect(await browser.walk(start.body.url)).toBe("/settings?linked=microsoft");
    expect((await browser.client.request("DELETE", "/api/auth/providers/google")).status).toBe(200);
    const last = await browser.client.request<{ code: string }>("DELETE", "/api/auth/providers/microsoft");
    expect(last.body.code).toBe("LAST_SIGN_IN_METHOD");
  });

  it("answers 401 signed out, 403 without the CSRF token, 400 for an unknown provider, 404 when not linked", async () => {
    expect((await new ApiClient(server.url).request("DELETE", "/api/auth/providers/google")).status).toBe(401);
    const { client } = await buildUser(server.url);
    expect((await client.request("DELETE", "/api/auth/providers/google", undefined, { csrf: false })).status).toBe(403);
    expect((await client.request("DELETE", "/api/auth/providers/myspace")).status).toBe(400);
    expect((await client.request("DELETE", "/api/auth/providers/google")).status).toBe(404);
  });
});

describe("GET /api/auth/{provider}", () => {
  it("answers 404 for a provider that is not configured and 400 for an unknown name", async () => {
    const client = new ApiClient(server.url);
    expect((await client.get("/api/auth/github")).status).toBe(404);
    expect((await client.get("/api/auth/myspace")).status).toBe(400);
  });
});
