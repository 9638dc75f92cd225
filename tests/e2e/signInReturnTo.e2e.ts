import { buildSession, buildUser } from "../../api/src/testing/factories";
import { useBrowserAndServer } from "./browserAndServer";

/**
 * Issue #23 section 3 in the browser: e-mail sign-in from `/login?returnTo=` lands on the
 * return path when it is a same-origin path, and on `/` when it only becomes another host once
 * normalised (`/.//evil.example/phish`); the Sign In page is never left standing.
 */
const e2e = useBrowserAndServer();

async function signIn(returnTo: string) {
  const ada = await buildUser(e2e.server.url, { firstName: "Ada" });
  const page = await e2e.newPage();
  await page.goto(`${e2e.server.url}/login?returnTo=${encodeURIComponent(returnTo)}`);
  // The page settles (its queries answered) before typing, as a person would see it.
  await page.waitForLoadState("networkidle");
  await page.locator('input[name="email"]').fill(ada.email);
  await page.locator('input[name="password"]').fill(ada.password);
  await page.getByTestId("login-submit").click();
  return page;
}

it("signs in with ?returnTo=/join/<id> and lands on /join/<id>", async () => {
  const { session } = await buildSession(e2e.server.url, { title: "Invited refinement" });
  const page = await signIn(`/join/${session.id}`);
  await page.waitForURL((url) => url.pathname === `/join/${session.id}`);
  await page.getByTestId("join-session-title").waitFor();
});

it("signs in with an evil returnTo and lands on /", async () => {
  const page = await signIn("/.//evil.example/phish");
  await page.waitForURL((url) => url.pathname === "/");
  expect(new URL(page.url()).origin).toBe(e2e.server.url);
  await page.getByText("Welcome back, Ada!", { exact: true }).waitFor();
});
