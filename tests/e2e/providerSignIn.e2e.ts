import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type AtprotoStub, startAtprotoStub } from "../../api/src/testing/atprotoStub";
import { type OAuth2Stub, startOAuth2Stub } from "../../api/src/testing/oauth2Stub";
import { type OidcStub, startOidcStub } from "../../api/src/testing/oidcStub";
import { settleAnimations, snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { pageApi, waitUntil } from "./pageApi";

/**
 * Issue #13 section 4, the browser test: sign in with the local Google stand-in (oidc-provider),
 * sign out, sign in again (the same account), then link GitHub (a local OAuth 2.0 server
 * following GitHub's endpoints) from Settings. Then Bluesky through the local AT Protocol
 * stand-in: the handle field on a 390 px phone in dark mode, consent, back signed in.
 */
let op: OidcStub;
let github: OAuth2Stub;
let atproto: AtprotoStub;
beforeAll(async () => {
  op = await startOidcStub();
  github = await startOAuth2Stub("github", { clientId: "gh-client", clientSecret: "gh-secret" });
  atproto = await startAtprotoStub();
});
const e2e = useBrowserAndServer({
  env: () => ({
    AUTH_GOOGLE_CLIENT_ID: "google-client",
    AUTH_GOOGLE_CLIENT_SECRET: "google-secret",
    AUTH_GOOGLE_ISSUER: op.issuer,
    AUTH_GITHUB_CLIENT_ID: "gh-client",
    AUTH_GITHUB_CLIENT_SECRET: "gh-secret",
    AUTH_GITHUB_AUTHORIZE_URL: github.authorizeUrl,
    AUTH_GITHUB_TOKEN_URL: github.tokenUrl,
    AUTH_GITHUB_USERINFO_URL: github.userinfoUrl,
    AUTH_BLUESKY_ENABLED: "true",
    AUTH_BLUESKY_HANDLE_RESOLVER: atproto.handleResolver,
    AUTH_BLUESKY_PLC_DIRECTORY_URL: atproto.plcDirectoryUrl,
  }),
});
beforeAll(() => {
  op.start([
    {
      clientId: "google-client",
      clientSecret: "google-secret",
      redirectUri: `${e2e.server.url}/api/auth/google/callback`,
    },
  ]);
});
afterAll(async () => {
  await op.close();
  await github.close();
  await atproto.close();
});

it("signs in with Google, signs out, signs in again, and links GitHub in Settings", async () => {
  const id = randomBytes(4).toString("hex");
  op.next = {
    account: {
      sub: `g-${id}`,
      email: `grace-${id}@example.com`,
      email_verified: true,
      given_name: "Grace",
      family_name: "Hopper",
    },
  };
  github.next = {
    id: 4242,
    login: "grace",
    name: "Grace Hopper",
    avatarUrl: "https://avatars.githubusercontent.com/u/4242",
    emails: [{ email: `grace-${id}@example.com`, primary: true, verified: true }],
  };
  const page = await e2e.newPage();
  await page.goto(`${e2e.server.url}/login`);
  // The buttons come with GET /api/auth/providers, after the page itself: wait for them.
  await page.getByTestId("provider-google").waitFor();
  expect(await page.getByTestId("provider-github").count()).toBe(1);
  await snap(page, "provider-sign-in-01-login");
  await page.getByTestId("provider-google").click();
  await page.waitForURL(`${e2e.server.url}/`);
  const me = await pageApi<{ id: string; providers: string[] }>(page, "GET", "/api/auth/user");
  expect(me.body.providers).toEqual(["google"]);

  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await page.getByText("Logged out", { exact: true }).waitFor();
  // The server has forgotten the sign-in before the login page is opened (it sends a signed-in
  // visitor on to "/", which has no provider buttons).
  await waitUntil(
    "the server to answer /api/auth/user with 401",
    async () => (await pageApi(page, "GET", "/api/auth/user")).status === 401,
  );
  await page.goto(`${e2e.server.url}/login`);
  // As above: the buttons render once GET /api/auth/providers answers (a click before that can
  // land on a button that is replaced).
  await page.getByTestId("provider-github").waitFor();
  await page.getByTestId("provider-google").click();
  await page.waitForURL(`${e2e.server.url}/`);
  expect((await pageApi<{ id: string }>(page, "GET", "/api/auth/user")).body.id).toBe(me.body.id);

  await page.goto(`${e2e.server.url}/settings`);
  await page.getByTestId("sign-in-method-github").getByRole("button", { name: "Link" }).click();
  await page.waitForURL(/\/settings\?linked=github$/);
  await page.getByText("Account linked", { exact: true }).waitFor();
  await page.getByTestId("sign-in-method-github").getByText("(linked)").waitFor();
  await snap(page, "provider-sign-in-02-settings");
  const after = await pageApi<{ providers: string[] }>(page, "GET", "/api/auth/user");
  expect(after.body.providers).toEqual(["github", "google"]);
});

it("signs in with Bluesky: the handle field on a phone in dark mode, consent, back signed in", async () => {
  const bea = atproto.addAccount();
  const page = await e2e.newPage({ width: 390, height: 844, colorScheme: "dark" });
  await page.goto(`${e2e.server.url}/login`);
  await page.getByTestId("provider-bluesky").click();
  const handle = page.getByTestId("bluesky-handle");
  await handle.waitFor();
  // A slip is named under the field, not sent.
  await handle.fill("bea");
  await page.getByTestId("bluesky-continue").click();
  await page.getByText("Enter your Bluesky handle, like alice.bsky.social (or your DID)").waitFor();
  // The whole login page with the handle form open, at 390 px in dark mode.
  await settleAnimations(page);
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await snap(page, "provider-sign-in-03-bluesky-handle-390-dark");
  await handle.fill(`@${bea.handle}`);
  await page.getByTestId("bluesky-continue").click();
  await page.waitForURL(`${e2e.server.url}/`);
  const me = await pageApi<{ firstName: string; providers: string[] }>(page, "GET", "/api/auth/user");
  expect(me.body).toMatchObject({ firstName: "Bea", providers: ["bluesky"] });
});
