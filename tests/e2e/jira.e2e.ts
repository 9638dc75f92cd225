import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { JIRA_TEST, type JiraStub, STORY_POINT_ESTIMATE_FIELD, startJiraStub } from "../../api/src/testing/jiraStub";
import { settleAnimations, snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { createSessionWithStories, pageApi, registerThroughForm, waitUntil } from "./pageApi";

/**
 * Issue #12 section 5, the browser proof: a pro user connects Jira on /automations (the local
 * Jira Cloud stand-in of api/src/testing/jiraStub.ts), picks a project on the session's Jira
 * Integration card, creates tickets for the session's stories, completes a story, and the agreed
 * points land in the stand-in's record of the issue. Screens are captured in light, dark and
 * phone sizes.
 */
/** Serious or critical axe violations (WCAG 2.x A/AA; as accessibility.e2e.ts scans), as lines. */
async function axeBlocking(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  await settleAnimations(page);
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .exclude("[data-tabster-dummy]")
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

let jira: JiraStub;
beforeAll(async () => {
  jira = await startJiraStub();
});
afterAll(async () => {
  await jira?.close();
});
const e2e = useBrowserAndServer();

it("connects Jira, picks a project, creates tickets and writes the points back", async () => {
  const page = await e2e.newPage();
  await registerThroughForm(page, e2e.server.url, "Jill", `jill-${Date.now()}@example.com`);
  // Self-hosted mode (no Stripe key): choosing Pro upgrades at once.
  expect((await pageApi(page, "POST", "/api/subscription/create-checkout-session", { plan: "pro" })).status).toBe(200);

  await page.goto(`${e2e.server.url}/automations`);
  await page.getByTestId("jira-form").waitFor();
  expect(await page.getByTestId("jira-save").isDisabled()).toBe(true);
  await page.getByTestId("jira-server-url").fill(jira.baseUrl);
  await page.getByTestId("jira-email").fill(JIRA_TEST.email);
  await page.getByTestId("jira-api-token").fill("not-the-token");
  await page.getByTestId("jira-test").click();
  await page.getByText("Connection Failed", { exact: true }).first().waitFor();
  await page.getByTestId("jira-api-token").fill(JIRA_TEST.apiToken);
  await page.getByTestId("jira-test").click();
  await page.getByText("Connection Successful", { exact: true }).first().waitFor();
  await page.getByTestId("jira-save").click();
  await page.getByText("Configuration Saved", { exact: true }).first().waitFor();
  const masked = page.getByTestId("jira-saved-token");
  await masked.waitFor();
  expect(await masked.textContent()).toContain(JIRA_TEST.apiToken.slice(-4));
  expect(await page.content()).not.toContain(JIRA_TEST.apiToken);
  await snap(page, "jira-automations");
  expect(await axeBlocking(page)).toEqual([]);

  // The Create Session dialog offers the site's projects once Jira is connected.
  await page.goto(`${e2e.server.url}/`);
  await page.getByTestId("create-session-button").first().click();
  const projectSelect = page.getByTestId("session-jira-project");
  await waitUntil("the projects in Create Session", async () => (await projectSelect.locator("option").count()) === 3);
  expect(await projectSelect.locator("option").allTextContents()).toEqual([
    "No Jira project",
    "PW - Pointwise",
    "OPS - Operations",
  ]);
  await page.getByRole("button", { name: "Cancel" }).click();

  const { sessionId } = await createSessionWithStories(page, "Jira sprint", ["Login page", "Search", "Export"]);
  await page.goto(`${e2e.server.url}/session/${sessionId}`);
  const card = page.getByTestId("jira-card");
  await card.getByTestId("jira-project-select").waitFor();
  expect(await card.getByTestId("jira-create-tickets").isDisabled()).toBe(true);
  await waitUntil("the Jira projects", async () => (await card.locator("option").count()) >= 3);
  await card.getByTestId("jira-project-select").selectOption("PW");
  await page.getByText("Project Updated", { exact: true }).first().waitFor();

  await card.getByTestId("jira-create-tickets").click();
  await page.getByText("Tickets Created", { exact: true }).first().waitFor();
  await waitUntil("three issues in Jira", async () => jira.issues.size === 3);
  await waitUntil("the ticket count", async () =>
    ((await card.getByTestId("jira-ticket-count").textContent()) ?? "").startsWith("3 of 3"),
  );
  expect(await card.getByTestId("jira-create-tickets").isDisabled()).toBe(true);
  const firstKey = [...jira.issues.values()].find((i) => i.fields.summary === "Login page")?.key;
  expect(firstKey).toMatch(/^PW-\d+$/);
  const link = page.getByTestId("story-ticket-link").first();
  await link.waitFor();
  expect(await link.getAttribute("href")).toBe(`${jira.baseUrl}/browse/${firstKey}`);
  await snap(page, "jira-session-tickets");

  // The leader alone votes 5, reveals and moves on: the story is completed with 5 points.
  await page.getByTestId("deck-card-5").click();
  await page.getByTestId("reveal-button").click();
  await page.getByTestId("next-story-button").click();
  await waitUntil("the points in Jira", async () => {
    const issue = firstKey ? jira.issues.get(firstKey) : undefined;
    return issue?.fields[STORY_POINT_ESTIMATE_FIELD] === 5;
  });

  // The write-back shows on the completed story.
  await page.getByTestId("story-queue").getByText("Login page").click();
  await page.locator('[data-testid="jira-sync"][data-status="ok"]').first().waitFor();

  // A write-back Jira refuses is shown on the story with Retry, and never blocks the round.
  jira.failEditsNext(1, "Field 'customfield_10016' cannot be set. It is not on the appropriate screen, or unknown.");
  await page.getByTestId("story-queue").getByText("Search").click();
  await page.getByTestId("deck-card-8").click();
  await page.getByTestId("reveal-button").click();
  await page.getByTestId("next-story-button").click();
  await page.getByTestId("story-queue").getByText("Search").click();
  const failed = page.locator('[data-testid="jira-sync"][data-status="failed"]').first();
  await failed.getByText(/^Points not sent to Jira: .*cannot be set/).waitFor();
  await snap(page, "jira-sync-failed");
  expect(await axeBlocking(page)).toEqual([]);
  await failed.getByTestId("jira-sync-retry").click();
  await page.locator('[data-testid="jira-sync"][data-status="ok"]').first().waitFor();
  const searchKey = [...jira.issues.values()].find((i) => i.fields.summary === "Search")?.key;
  expect(searchKey ? jira.issues.get(searchKey)?.fields[STORY_POINT_ESTIMATE_FIELD] : undefined).toBe(8);

  // Import from Jira: the default query finds the project's open stories without points.
  jira.addIssue({ project: "PW", summary: "Password reset", issueType: "Story" });
  jira.addIssue({ project: "PW", summary: "Already done", issueType: "Story", status: "Done" });
  await card.getByTestId("jira-import-open").click();
  await page.getByTestId("jira-preview").click();
  const list = page.getByTestId("jira-preview-list");
  await list.getByText(/Password reset$/).waitFor();
  expect(await list.getByText(/Already done$/).count()).toBe(0);
  await snap(page, "jira-import-preview");
  expect(await axeBlocking(page)).toEqual([]);
  // The third story (no points yet) matches too; only the new issue is imported.
  await list.getByRole("checkbox", { name: /Export$/ }).uncheck();
  await page.getByTestId("jira-import-submit").click();
  await page.getByText("Imported", { exact: true }).first().waitFor();
  await page.getByTestId("story-queue").getByText("Password reset").waitFor();

  // Remove ticket: the story keeps no ticket number and counts as needing one again.
  await page.getByTestId("story-queue").getByText("Export").click();
  await page.getByTestId("story-ticket-remove").first().click();
  await page.getByText("Ticket Removed", { exact: true }).first().waitFor();
  await waitUntil(
    "Create Tickets enabled again",
    async () => !(await card.getByTestId("jira-create-tickets").isDisabled()),
  );

  // The Summary dialog's Create All Tickets calls the server for real.
  await page.getByTestId("summary-button").click();
  await page.getByTestId("summary-create-tickets").click();
  await page.getByText("Successfully created 1 Jira ticket.", { exact: true }).first().waitFor();
  await waitUntil(
    "the Export ticket",
    async () => [...jira.issues.values()].filter((i) => i.fields.summary === "Export").length === 2,
  );
  await page.getByTestId("summary-dialog").getByRole("button", { name: "Close" }).click();

  // Phone size and dark mode: the session with its Jira card and the automations page.
  const phone = await e2e.newPage({ width: 390, height: 844, colorScheme: "dark", user: null });
  await phone.context().addCookies(await page.context().cookies());
  await phone.goto(`${e2e.server.url}/session/${sessionId}`);
  await phone.getByTestId("jira-card").waitFor();
  await snap(phone, "jira-session-phone-dark");
  expect(await axeBlocking(phone)).toEqual([]);
  await phone.goto(`${e2e.server.url}/automations`);
  await phone.getByTestId("jira-saved").waitFor();
  await snap(phone, "jira-automations-phone-dark");
});

it("says 'Jira server not found: check the URL', with the system's words behind Details (issue #22)", async () => {
  const page = await e2e.newPage();
  await registerThroughForm(page, e2e.server.url, "Nora", `nora-${Date.now()}@example.com`);
  expect((await pageApi(page, "POST", "/api/subscription/create-checkout-session", { plan: "pro" })).status).toBe(200);
  await page.goto(`${e2e.server.url}/automations`);
  await page.getByTestId("jira-server-url").fill("https://jira.invalid"); // .invalid never resolves (RFC 2606)
  await page.getByTestId("jira-email").fill(JIRA_TEST.email);
  await page.getByTestId("jira-api-token").fill(JIRA_TEST.apiToken);
  await page.getByTestId("jira-test").click();
  await page.getByText("Connection Failed", { exact: true }).first().waitFor();
  const note = page.getByTestId("jira-failure");
  await note.getByText("Jira server not found: check the URL", { exact: true }).waitFor();
  expect(
    await page
      .getByText(/getaddrinfo/)
      .first()
      .isVisible(),
  ).toBe(false); // the raw words stay behind Details
  await note.getByTestId("jira-failure-details").click();
  await note.getByText(/getaddrinfo ENOTFOUND jira\.invalid/).waitFor();
  await snap(page, "jira-server-not-found");
  expect(await axeBlocking(page)).toEqual([]);

  // Saved all the same: the saved connection's last test says it in the same words.
  await page.getByTestId("jira-save").click();
  await page.getByText("Saved, but the connection test failed: Jira server not found: check the URL").first().waitFor();
  await page.getByTestId("jira-saved-status").getByText("Connection failed").waitFor();
  await page.getByTestId("jira-saved").getByText("Jira server not found: check the URL", { exact: true }).waitFor();
});

it("calls imported keys 'ticket keys' on a session without Jira, never Jira tickets (issue #22)", async () => {
  const page = await e2e.newPage();
  await registerThroughForm(page, e2e.server.url, "Kai", `kai-${Date.now()}@example.com`);
  const { sessionId } = await createSessionWithStories(page, "Keys only", ["Search"]);
  for (const [title, ticketNumber] of [
    ["Login page", "BAM-1"],
    ["Export", "BAM-2"],
  ]) {
    const res = await pageApi(page, "POST", `/api/sessions/${sessionId}/stories`, { title, ticketNumber });
    expect(res.status).toBe(201);
  }
  await page.goto(`${e2e.server.url}/session/${sessionId}`);
  const count = page.getByTestId("jira-card").getByTestId("jira-ticket-count");
  await waitUntil("the ticket count", async () => (await count.textContent()) === "2 of 3 stories have a ticket key");
  expect(
    await page
      .getByTestId("jira-card")
      .getByText(/ha(s|ve) a Jira ticket/)
      .count(),
  ).toBe(0);
});
