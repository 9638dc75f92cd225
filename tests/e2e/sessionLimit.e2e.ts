import type { TeamView } from "@pointwise/core/presented";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { pageApi, registerThroughForm } from "./pageApi";

/**
 * Issue #22, "the free-plan limit loses typed work": every entry point to the Create Session form
 * checks the plan's limit before the form opens, as the dashboard does (the sidebar's New Session,
 * the dashboard's buttons and empty state, a team's New Team Session); and a form the server
 * still refuses stays open with what was typed, which is kept for after the upgrade. Self-hosted
 * mode (no Stripe key): choosing a plan switches it at once.
 */
const e2e = useBrowserAndServer();

it("at 3 of 3 no entry point opens the form: each shows the limit and leads to the plans", async () => {
  const page = await e2e.newPage({ width: 1366, height: 768 });
  await registerThroughForm(page, e2e.server.url, "Lena", `lena-${Date.now()}@example.com`);
  const team = await pageApi<TeamView>(page, "POST", "/api/teams", { name: "Crew" });
  const ids: string[] = [];
  for (const title of ["One", "Two", "Three"]) {
    const created = await pageApi<{ id: string }>(page, "POST", "/api/sessions", { title });
    expect(created.status).toBe(201);
    ids.push(created.body.id);
  }
  await page.goto(`${e2e.server.url}/`);
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await sidebar.getByRole("link", { name: /Session limit reached/ }).waitFor();
  expect(await sidebar.getByRole("button", { name: "New Session" }).count()).toBe(0);
  await page.getByTestId("create-session-button-limit").getByText("3 of 3 sessions used.").waitFor();
  await snap(page, "session-limit-dashboard");

  // A team's New Team Session.
  await page.goto(`${e2e.server.url}/teams/${team.body.id}/sessions`);
  await page.getByTestId("team-session-limit").getByText("3 of 3 sessions used.").waitFor();
  expect(await page.getByRole("button", { name: "New Team Session" }).count()).toBe(0);

  // The dashboard's empty state: archived sessions still count.
  for (const id of ids) expect((await pageApi(page, "PATCH", `/api/sessions/${id}/archive`)).status).toBe(200);
  await page.goto(`${e2e.server.url}/`);
  await page.getByText("No sessions yet").waitFor();
  await page.getByTestId("empty-sessions-limit").getByText("3 of 3 sessions used.").waitFor();
  expect(await page.getByRole("button", { name: "Create Your First Session" }).count()).toBe(0);

  // The sidebar's entry leads to the plans, and no form opened on the way.
  await sidebar.getByRole("link", { name: /Session limit reached/ }).click();
  await page.waitForURL(`${e2e.server.url}/settings`);
  expect(await page.getByRole("dialog").count()).toBe(0);
});

it("a form the server refuses after all keeps what was typed, through the upgrade", async () => {
  const page = await e2e.newPage({ width: 1366, height: 768 });
  await registerThroughForm(page, e2e.server.url, "Milo", `milo-${Date.now()}@example.com`);
  for (const title of ["One", "Two"]) {
    expect((await pageApi(page, "POST", "/api/sessions", { title })).status).toBe(201);
  }
  await page.goto(`${e2e.server.url}/`);
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await sidebar.getByRole("button", { name: "New Session" }).click();
  await page.getByTestId("session-title-input").fill("Sprint 43 planning");
  await page.getByRole("dialog").getByRole("textbox", { name: "Description" }).fill("Stories for the payments epic");
  // Meanwhile another tab takes the third slot.
  expect((await pageApi(page, "POST", "/api/sessions", { title: "Three" })).status).toBe(201);
  await page.getByTestId("session-submit").click();

  const refused = page.getByTestId("session-refused");
  await refused.getByText("Session limit reached").waitFor();
  await refused.getByText(/You've used 3 out of your 3 allowed sessions/).waitFor();
  expect(page.url()).toBe(`${e2e.server.url}/`);
  expect(await page.getByTestId("session-title-input").inputValue()).toBe("Sprint 43 planning");
  // The entry points now know it too (behind the modal form, hidden from the accessibility tree).
  await page
    .locator('aside[aria-label="Sidebar"]')
    .getByRole("link", { name: /Session limit reached/, includeHidden: true })
    .waitFor();
  await snap(page, "session-limit-refused");

  await refused.getByTestId("session-refused-upgrade").click();
  await page.waitForURL(`${e2e.server.url}/settings`);
  await page.getByTestId("plan-basic").click();
  await page.getByText("Plan Updated", { exact: true }).first().waitFor();
  await sidebar.getByRole("button", { name: "New Session" }).click();
  expect(await page.getByTestId("session-title-input").inputValue()).toBe("Sprint 43 planning");
  expect(await page.getByRole("dialog").getByRole("textbox", { name: "Description" }).inputValue()).toBe(
    "Stories for the payments epic",
  );
  await page.getByTestId("session-submit").click();
  await page.waitForURL(/\/session\/[0-9a-f-]{36}$/);
  await page.getByText("Sprint 43 planning").first().waitFor();

  // Created: the next form starts empty.
  await sidebar.getByRole("button", { name: "New Session" }).click();
  expect(await page.getByTestId("session-title-input").inputValue()).toBe("");
});
