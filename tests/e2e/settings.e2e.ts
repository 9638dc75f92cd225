import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { E2E_PASSWORD, pageApi, registerThroughForm, waitUntil } from "./pageApi";

/**
 * Issue #11 section 4, /settings change password: the current and a new password; the user's
 * other signed-in browsers are signed out, this one stays; the old password no longer signs in.
 * Also the profile edit, /settings/billing, the success modal after Checkout and the pro-only
 * integrations card.
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

it("settings: profile edit with the spec's texts, /settings/billing, the success modal, the pro integrations card", async () => {
  const page = await e2e.newPage({ height: 400 });
  await registerThroughForm(page, e2e.server.url, "Ula", `ula-${Date.now()}@example.com`);

  // Profile view and edit: first name required, then saved.
  await page.goto(`${e2e.server.url}/settings`);
  await page.getByTestId("profile-view").getByText("Ula Tester").waitFor();
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByLabel("First name").fill("");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await page.getByText("First name is required.", { exact: true }).first().waitFor();
  await page.getByLabel("First name").fill("Ulla");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await page.getByText("Profile Updated", { exact: true }).first().waitFor();
  await page.getByTestId("profile-view").getByText("Ulla Tester").waitFor();

  // /settings/billing opens at the subscription section (/settings itself stays at the top).
  const subscription = page.getByRole("heading", { name: "Subscription" });
  const atTop = (await subscription.boundingBox())?.y ?? 0;
  expect(atTop).toBeGreaterThanOrEqual(400); // below the 400 px window
  await page.goto(`${e2e.server.url}/settings/billing`);
  await waitUntil("the subscription section is scrolled into view", async () => {
    const box = await subscription.boundingBox();
    return box !== null && box.y >= 0 && box.y < 400;
  });

  // Pro (self-hosted mode switches at once): the integrations card is ready; the success modal
  // after Checkout's return shows the plan once the status is synced.
  await page.goto(`${e2e.server.url}/settings`);
  await page.getByTestId("integrations-upgrade").waitFor();
  await page.getByTestId("plan-pro").getByText("Upgrade").click();
  await page.getByText("Plan Updated", { exact: true }).first().waitFor();
  await page.getByTestId("integrations-ready").waitFor();
  await page.goto(`${e2e.server.url}/settings?success=true`);
  await page.getByTestId("checkout-success").getByText("You're now on the Pro plan. Thank you!").waitFor();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(`${e2e.server.url}/settings`);
  await snap(page, "settings-pro");
});
