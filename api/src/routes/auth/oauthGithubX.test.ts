import { randomBytes } from "node:crypto";
import type { UserView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildUser, TEST_PASSWORD } from "../../testing/factories";
import { type OAuth2Person, type OAuth2Stub, startOAuth2Stub } from "../../testing/oauth2Stub";
import { RedirectWalker } from "../../testing/redirectWalker";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * GitHub and X sign-in (issue #13 sections 1 and 4): OAuth 2.0 with PKCE through openid-client
 * against local servers following GitHub's and X's authorize, token and user endpoints.
 */
let github: OAuth2Stub;
let twitter: OAuth2Stub;
let server: TestServer;
beforeAll(async () => {
  github = await startOAuth2Stub("github", { clientId: "gh-client", clientSecret: "gh-secret" });
  twitter = await startOAuth2Stub("twitter", { clientId: "x-client", clientSecret: "x-secret" });
  server = await startTestServer({
    env: {
      AUTH_GITHUB_CLIENT_ID: "gh-client",
      AUTH_GITHUB_CLIENT_SECRET: "gh-secret",
      AUTH_GITHUB_AUTHORIZE_URL: github.authorizeUrl,
      AUTH_GITHUB_TOKEN_URL: github.tokenUrl,
      AUTH_GITHUB_USERINFO_URL: github.userinfoUrl,
      AUTH_TWITTER_CLIENT_ID: "x-client",
      AUTH_TWITTER_CLIENT_SECRET: "x-secret",
      AUTH_TWITTER_AUTHORIZE_URL: twitter.authorizeUrl,
      AUTH_TWITTER_TOKEN_URL: twitter.tokenUrl,
      AUTH_TWITTER_USERINFO_URL: twitter.userinfoUrl,
    },
  });
});
afterAll(async () => {
  await server.close();
  await github.close();
  await twitter.close();
});

const person = (overrides: Partial<OAuth2Person> = {}): OAuth2Person => {
  const id = randomBytes(4).readUInt32BE();
  return {
    id,
    login: `octo${id}`,
    name: "Octo Cat",
    avatarUrl: `https://avatars.githubusercontent.com/u/${id}`,
    emails: [
      { email: `other-${id}@example.com`, primary: false, verified: true },
      { email: `octo-${id}@example.com`, primary: true, verified: true },
    ],
    ...overrides,
  };
};

describe("GitHub sign-in", () => {
  it("creates the account with the primary verified e-mail, name and avatar, then finds it", async () => {
    const octo = person();
    github.next = octo;
    const browser = new RedirectWalker(server.url);
    expect(await browser.walk("/api/auth/github")).toBe("/");
    const me = await browser.client.get<UserView>("/api/auth/user");
    expect(me.body).toMatchObject({
      email: octo.emails[1]?.email,
      firstName: "Octo",
      lastName: "Cat",
      profileImageUrl: octo.avatarUrl,
      providers: ["github"],
    });
    const again = new RedirectWalker(server.url);
    expect(await again.walk("/api/auth/github")).toBe("/");
    expect((await again.client.get<UserView>("/api/auth/user")).body.id).toBe(me.body.id);
  });

  it("refuses a state mismatch and a code redeemed with another flow's verifier", async () => {
    github.next = person();
    const browser = new RedirectWalker(server.url);
    const forged = await browser.walk("/api/auth/github", (callback) => {
      callback.searchParams.set("state", "forged");
      return callback;
    });
    expect(forged).toBe("/login?error=state_mismatch&provider=github");
    const first = new URL(await browser.walk("/api/auth/github", () => null));
    const second = new URL(await browser.walk("/api/auth/github", () => null));
    second.searchParams.set("code", first.searchParams.get("code") ?? "");
    expect(await browser.walk(second.toString())).toBe("/login?error=provider_error&provider=github");
    expect((await browser.client.get("/api/auth/user")).status).toBe(401);
  });

  it("never links an unverified e-mail; links a verified one after the password proves the account", async () => {
    const existing = await buildUser(server.url);
    github.next = person({ emails: [{ email: existing.email, primary: true, verified: false }] });
    const stranger = new RedirectWalker(server.url);
    expect(await stranger.walk("/api/auth/github")).toBe("/");
    expect((await stranger.client.get<UserView>("/api/auth/user")).body.id).not.toBe(existing.user.id);

    github.next = person({ emails: [{ email: existing.email, primary: true, verified: true }] });
    const owner = new RedirectWalker(server.url);
    expect(await owner.walk("/api/auth/github")).toBe("/login?link=github");
    const login = await owner.client.post<{ linkedProvider?: string }>("/api/login", {
      email: existing.email,
      password: TEST_PASSWORD,
    });
    expect(login.body.linkedProvider).toBe("github");
    expect((await existing.client.get<UserView>("/api/auth/user")).body.providers).toEqual(["github"]);
  });

  it("returns to /login when the person denies access", async () => {
    github.next = "cancel";
    expect(await new RedirectWalker(server.url).walk("/api/auth/github")).toBe(
      "/login?error=cancelled&provider=github",
    );
  });
});

describe("X sign-in", () => {
  it("creates an account without e-mail (X gives none) and finds it again", async () => {
    const bird = person({ name: "Jack Bird", avatarUrl: "https://pbs.twimg.com/profile_images/1/a.jpg" });
    twitter.next = bird;
    const browser = new RedirectWalker(server.url);
    expect(await browser.walk("/api/auth/twitter")).toBe("/");
    const me = await browser.client.get<UserView>("/api/auth/user");
    expect(me.body).toMatchObject({
      email: null,
      firstName: "Jack",
      lastName: "Bird",
      profileImageUrl: bird.avatarUrl,
      providers: ["twitter"],
    });
    const again = new RedirectWalker(server.url);
    await again.walk("/api/auth/twitter");
    expect((await again.client.get<UserView>("/api/auth/user")).body.id).toBe(me.body.id);
  });

  it("links X to a GitHub account in Settings, and then either can be unlinked but not both", async () => {
    github.next = person();
    const browser = new RedirectWalker(server.url);
    await browser.walk("/api/auth/github");
    const start = await browser.client.post<{ url: string }>("/api/auth/link/twitter");
    expect(start.status).toBe(200);
    twitter.next = person();
    expect(await browser.walk(start.body.url)).toBe("/settings?linked=twitter");
    expect((await browser.client.get<UserView>("/api/auth/user")).body.providers).toEqual(["github", "twitter"]);
    expect((await browser.client.request("DELETE", "/api/auth/providers/github")).status).toBe(200);
    const last = await browser.client.request<{ code: string }>("DELETE", "/api/auth/providers/twitter");
    expect(last.status).toBe(409);
    expect(last.body.code).toBe("LAST_SIGN_IN_METHOD");
  });

  it("lists both providers", async () => {
    const res = await new ApiClient(server.url).get<{ providers: string[] }>("/api/auth/providers");
    expect(res.body.providers).toEqual(["github", "twitter"]);
  });
});
