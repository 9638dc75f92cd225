import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { E2E_PASSWORD, pageApi, registerThroughForm } from "./pageApi";

/**
 * Issue #11 section 4, /settings change password: the current and a new password; the user's
 * other signed-in browsers are signed out, this one stays; the old password no longer signs in.
 */
const e2e = useBrowserAndServer();

const NEW_PASSWORD = "Velocity42Sprint";

it("a password change signs out the user's other browsers and keeps this one", async () => {
  const email = `pia-${Date.now()}@example.com`;
  const page = await e2e.newPage();
  await registerThroughForm(page, e2e.server.url, "Pia", email);

  // The same user signed in in another browser, with the dashboard open.
  const other = await e2e.newPage();
  await other.goto(`${e2e.server.url}/login`);
  await other.getByLabel("Email").fill(email);
  await other.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await other.getByTestId("login-submit").click();
  await other.getByText("Welcome back, Pia!", { exact: true }).waitFor();

  // A wrong current password is refused on its field; nothing changes.
  await page.goto(`${e2e.server.url}/settings`);
  const form = page.getByTestId("password-form");
  await form.getByLabel("Current password").fill("Wrong8Password");
  await form.getByRole("textbox", { name: "New password", exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Change Password" }).click();
  await form.getByText(/incorrect/i).waitFor();
  expect((await pageApi(other, "GET", "/api/auth/user")).status).toBe(200);

  await form.getByLabel("Current password").fill(E2E_PASSWORD);
  await form.getByRole("button", { name: "Change Password" }).click();
  await page.getByText("Password Changed", { exact: true }).first().waitFor();
  await snap(page, "settings-password-changed");
  await expect(form.getByLabel("Current password").inputValue()).resolves.toBe("");

  // This browser stays signed in; the other one is signed out and its next page says so.
  await page.reload();
  await page.getByTestId("password-form").waitFor();
  expect((await pageApi(page, "GET", "/api/auth/user")).status).toBe(200);
  expect((await pageApi(other, "GET", "/api/auth/user")).status).toBe(401);
  await other.goto(`${e2e.server.url}/settings`);
  await other.waitForURL(`${e2e.server.url}/error/403`);

  // The old password no longer signs in; the new one does.
  const again = await e2e.newPage();
  await again.goto(`${e2e.server.url}/login`);
  await again.getByLabel("Email").fill(email);
  await again.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await again.getByTestId("login-submit").click();
  await again.getByText("Sign In Error", { exact: true }).first().waitFor();
  await again.getByLabel(/^Password/).fill(NEW_PASSWORD);
  await again.getByTestId("login-submit").click();
  await again.getByText("Welcome back, Pia!", { exact: true }).waitFor();
});
