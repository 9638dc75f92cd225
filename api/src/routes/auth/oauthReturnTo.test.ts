import { randomBytes, randomUUID } from "node:crypto";
import { type OAuth2Stub, startOAuth2Stub } from "../../testing/oauth2Stub";
import { RedirectWalker } from "../../testing/redirectWalker";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * Issue #23 section 3: the `returnTo` of a provider sign-in is normalised (dot segments,
 * percent-decoding, backslashes) and must then be a same-origin path, else the browser goes to
 * `/`. Attacker: a link `/api/auth/github?returnTo=/.//evil.example/phish` that sends the
 * victim through a real sign-in and on to the attacker's page (`Location: //evil.example/...`).
 */
let github: OAuth2Stub;
let server: TestServer;
beforeAll(async () => {
  github = await startOAuth2Stub("github", { clientId: "gh-client", clientSecret: "gh-secret" });
  server = await startTestServer({
    env: {
      AUTH_GITHUB_CLIENT_ID: "gh-client",
      AUTH_GITHUB_CLIENT_SECRET: "gh-secret",
      AUTH_GITHUB_AUTHORIZE_URL: github.authorizeUrl,
      AUTH_GITHUB_TOKEN_URL: github.tokenUrl,
      AUTH_GITHUB_USERINFO_URL: github.userinfoUrl,
    },
  });
});
afterAll(async () => {
  await server.close();
  await github.close();
});

/** A sign-in through the GitHub stand-in from `/api/auth/github?returnTo=<returnTo>`: the callback's raw Location. */
async function signInLocation(returnTo: string): Promise<string | null> {
  const id = randomBytes(4).readUInt32BE();
  github.next = {
    id,
    login: `octo${id}`,
    name: "Octo Cat",
    avatarUrl: `https://avatars.githubusercontent.com/u/${id}`,
    emails: [{ email: `octo-${id}@example.com`, primary: true, verified: true }],
  };
  const browser = new RedirectWalker(server.url);
  // Stop at our callback, then read its answer as is (the walker would follow `//evil...`).
  const callback = new URL(await browser.walk(`/api/auth/github?returnTo=${encodeURIComponent(returnTo)}`, () => null));
  const res = await browser.client.get(callback.pathname + callback.search);
  expect(res.status).toBe(302);
  return res.headers.get("location");
}

it("sends a sign-in whose returnTo only normalises to another host to / (issue #23 section 3)", async () => {
  for (const evil of [
    "/.//evil.example/phish",
    "/..//evil.example/phish",
    "/%2e//evil.example/phish",
    "/a/..//evil.example/phish",
    "/%2F%2Fevil.example/phish",
    "/\\evil.example/phish",
    "//evil.example/phish",
    "https://evil.example/phish",
  ]) {
    expect({ evil, location: await signInLocation(evil) }).toEqual({ evil, location: "/" });
  }
});

it("still returns to a same-origin path, normalised", async () => {
  const id = randomUUID();
  expect(await signInLocation(`/join/${id}`)).toBe(`/join/${id}`);
  expect(await signInLocation(`/a/../join/${id}?x=1`)).toBe(`/join/${id}?x=1`);
});
