import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { pageApi, registerThroughForm } from "./pageApi";

/**
 * Issue #11 section 5, plans in self-hosted mode (no STRIPE_SECRET_KEY): a free user at 3 of 3
 * sees the limit and an Upgrade link instead of the Create buttons, upgrades on /settings,
 * creates a fourth session; choosing Free again locks the least recently updated one; upgrading
 * unlocks it, and Cancel subscription (confirm dialog) returns to Free at once and locks it again.
 * The free plan reads Active, and the Self-hosted plan shows as the one this server runs (issue #22).
 */
const e2e = useBrowserAndServer();

it("a free user at the limit upgrades, creates a fourth session, and a downgrade locks one", async () => {
  const page = await e2e.newPage();
  await registerThroughForm(page, e2e.server.url, "Paula", `paula-${Date.now()}@example.com`);
  for (const title of ["First", "Second", "Third"]) {
    expect((await pageApi(page, "POST", "/api/sessions", { title })).status).toBe(201);
  }
  await page.goto(`${e2e.server.url}/`);
  await page.getByTestId("create-session-button-limit").getByText("3 of 3 sessions used.").waitFor();
  expect(await page.getByTestId("sessions-counter").getAttribute("data-tone")).toBe("warn");
  await snap(page, "plans-at-limit");
  await page.getByTestId("create-session-button-limit").getByTestId("upgrade-link").click();
  await page.waitForURL(`${e2e.server.url}/settings`);
  // The free plan is active, and this server runs the self-hosted plan (issue #22).
  await page.getByTestId("subscription-status").getByText("Status: Active").waitFor();
  await page.getByTestId("plan-card-selfhosted").getByText("This server", { exact: true }).waitFor();

  await page.getByTestId("plan-basic").getByText("Upgrade").click();
  await page.getByText("Plan Updated", { exact: true }).first().waitFor();
  await page.getByTestId("plan-basic").getByText("Current").waitFor();
  // Self-hosted mode: the Self-hosted plan is the one running here, not "Coming soon / Contact Sales" (issue #22).
  await page.getByTestId("plan-selfhosted").getByText("Current").waitFor();
  expect(await page.getByTestId("plan-selfhosted").isDisabled()).toBe(true);
  expect(
    await page
      .getByTestId("plan-list")
      .getByText(/Coming soon|Contact Sales/)
      .count(),
  ).toBe(0);
  await snap(page, "plans-settings-basic");

  await page.goto(`${e2e.server.url}/`);
  await page.getByTestId("create-session-button").first().click();
  await page.getByTestId("session-title-input").fill("Fourth");
  await page.getByTestId("session-submit").click();
  await page.waitForURL(/\/session\/[0-9a-f-]{36}$/);

  await page.goto(`${e2e.server.url}/settings`);
  await page.getByTestId("plan-free").getByText("Downgrade").click();
  await page.getByText("Plan Updated", { exact: true }).first().waitFor();
  await page.goto(`${e2e.server.url}/`);
  await page.getByRole("button", { name: "Locked Session" }).first().waitFor();
  expect(await page.getByRole("button", { name: "Locked Session" }).count()).toBe(1);
  expect(await page.getByTestId("sessions-counter").getAttribute("data-tone")).toBe("over"); // 4 / 3
  await snap(page, "plans-downgraded");

  // Upgrading unlocks it; Cancel subscription, confirmed, returns to Free at once (self-hosted mode).
  await page.goto(`${e2e.server.url}/settings`);
  await page.getByTestId("plan-pro").getByText("Upgrade").click();
  await page.getByText("Plan Updated", { exact: true }).first().waitFor();
  await page.goto(`${e2e.server.url}/`);
  await page.getByText("Fourth").first().waitFor();
  expect(await page.getByRole("button", { name: "Locked Session" }).count()).toBe(0);
  await page.goto(`${e2e.server.url}/settings`);
  await page.getByTestId("cancel-subscription").click();
  const confirm = page.getByRole("alertdialog");
  await confirm.getByText("You return to the Free plan at once").waitFor();
  await confirm.getByRole("button", { name: "Keep subscription" }).click();
  await confirm.waitFor({ state: "detached" });
  await page.getByTestId("cancel-subscription").click();
  await snap(page, "plans-cancel-confirm");
  await confirm.getByRole("button", { name: "Cancel subscription" }).click();
  await page.getByText("Subscription Cancelled", { exact: true }).first().waitFor();
  await page.getByTestId("plan-free").getByText("Current").waitFor();
  await page.goto(`${e2e.server.url}/`);
  await page.getByRole("button", { name: "Locked Session" }).first().waitFor();
  expect(await page.getByRole("button", { name: "Locked Session" }).count()).toBe(1);

  // Automations are pro-only (core/plans): the free user sees the upgrade prompt.
  await page.goto(`${e2e.server.url}/automations`);
  await page.getByTestId("automations-upgrade").getByRole("button", { name: "Upgrade to Pro" }).waitFor();
});
