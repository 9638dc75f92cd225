import { buildUser } from "../../api/src/testing/factories";
import { decodedMail, type SmtpCapture, startSmtpCapture } from "../../api/src/testing/smtpCapture";
import { useBrowserAndServer } from "./browserAndServer";

/**
 * Issue #13 section 2 in the browser: the login page's "Forgot password?" link, the e-mail
 * (captured by a local SMTP server), the reset page, and signing in with the new password;
 * then "Sign out everywhere" in Settings.
 */
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp.close());
const e2e = useBrowserAndServer({ env: () => ({ SMTP_URL: smtp.url }) });

const NEW_PASSWORD = "Reestimate55Points";

it("forgot password -> e-mailed link -> new password -> sign in -> sign out everywhere", async () => {
  const ada = await buildUser(e2e.server.url, { firstName: "Ada" });
  const page = await e2e.newPage();
  await page.goto(`${e2e.server.url}/login`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.waitForURL(/\/forgot-password$/);
  // The page settles (its queries answered) before typing: a re-render that comes later would
  // start the form again empty, and the submit would stop at "Please enter a valid email address".
  await page.waitForLoadState("networkidle");
  await page.locator('input[name="email"]').fill(ada.email);
  await page.getByTestId("forgot-submit").click();
  await page.getByTestId("forgot-sent").waitFor();

  const mail = await smtp.waitFor(ada.email);
  const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(decodedMail(mail.data))?.[0];
  expect(link).toBeDefined();
  await page.goto(link ?? "");
  await page.waitForLoadState("networkidle");
  await page.locator('input[name="password"]').fill(NEW_PASSWORD);
  await page.locator('input[name="confirmPassword"]').fill(NEW_PASSWORD);
  await page.getByTestId("reset-submit").click();
  await page.waitForURL(/\/login$/);
  await page.waitForLoadState("networkidle");

  await page.locator('input[name="email"]').fill(ada.email);
  await page.locator('input[name="password"]').fill(NEW_PASSWORD);
  await page.getByTestId("login-submit").click();
  await page.waitForURL((url) => url.pathname === "/");

  // The used link is refused.
  await page.goto(link ?? "");
  await page.waitForLoadState("networkidle");
  await page.locator('input[name="password"]').fill("Another66Points");
  await page.locator('input[name="confirmPassword"]').fill("Another66Points");
  await page.getByTestId("reset-submit").click();
  await page.getByTestId("reset-invalid").waitFor();

  await page.goto(`${e2e.server.url}/settings`);
  await page.waitForLoadState("networkidle");
  await page.getByTestId("logout-all").click();
  await page.waitForURL(/\/login$/);
  // The page was loaded afresh; the toast was kept across the load.
  await page.getByText("Signed out", { exact: true }).waitFor();
  const me = await page.evaluate(async () => (await fetch("/api/auth/user")).status);
  expect(me).toBe(401);
});
