import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { BAMBOO_CSV, firstCsvRecords } from "../../api/src/testing/csvFixtures";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { registerThroughForm } from "./pageApi";

/**
 * Issue #2 section 7: a leader registers, creates a session and imports the first 10 stories
 * of bamboo.csv; a second registered user and an anonymous guest join through the share
 * link; all three vote on two stories; every page updates live without reload; reveal shows
 * the distribution and consensus label; the leader completes one story and skips one.
 */

const e2e = useBrowserAndServer();

/** Signs up through the registration form (see registerThroughForm). */
const register = (page: Page, first: string, email: string) => registerThroughForm(page, e2e.server.url, first, email);

/** Tiles of the participation grid that show a vote. */
const votedTiles = (page: Page) => page.locator('[data-testid^="participant-"][data-voted="true"]');
const tiles = (page: Page) => page.locator('[data-testid^="participant-"][data-voted]');

it("runs a full planning-poker round for three people, live", async () => {
  const leader = await e2e.newPage();
  const member = await e2e.newPage({ width: 768, height: 1000 });
  const guest = await e2e.newPage({ width: 1024, height: 800 });
  const pages = [leader, member, guest];

  await register(leader, "Lena", "lena@example.com");
  await leader.getByTestId("create-session-button").first().click();
  await leader.getByTestId("session-title-input").fill("Bamboo backlog");
  await leader.getByTestId("session-submit").click();
  await leader.waitForURL(/\/session\/[0-9a-f-]{36}$/);
  const sessionUrl = leader.url();
  const sessionId = sessionUrl.split("/").pop() as string;
  await snap(leader, "01-empty-session");

  const csv = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pw-e2e-")), "bamboo-10.csv");
  fs.writeFileSync(csv, firstCsvRecords(BAMBOO_CSV, 10));
  await leader.getByTestId("import-csv-input").setInputFiles(csv);
  await leader.getByTestId("import-csv-button").click();
  await leader.locator('[data-testid^="story-row-"]').nth(9).waitFor();
  await expectText(leader, "active-story-title", "Allows CVS repo to timeout and report on locking issues");

  // The share link from the Invite dialog.
  await leader.getByTestId("invite-button").click();
  const shareLink = await leader.getByTestId("share-link-input").inputValue();
  expect(shareLink).toBe(`${e2e.server.url}/join/${sessionId}`);
  // Invite by e-mail: the same answer for any address; the leader sees it pending as Invited (issue #7).
  await leader.getByRole("tab", { name: "Invite by Email" }).click();
  await leader.getByTestId("invite-email-input").fill("invitee@example.com");
  await leader.getByRole("button", { name: "Invite", exact: true }).click();
  // No e-mail goes out for a session invitation: nothing says one was sent; the join link is offered (issue #22).
  await leader.getByText("Invite sent!", { exact: true }).waitFor();
  await leader
    .getByTestId("invited-note")
    .getByText(/No e-mail was sent/)
    .waitFor();
  expect(await leader.getByTestId("invited-link").inputValue()).toBe(shareLink);
  await leader
    .getByText(/No e-mail was sent\./)
    .first()
    .waitFor();
  const pending = leader.getByTestId("pending-invitations");
  await pending.getByText("invitee@example.com").waitFor();
  await pending.getByText("Invited", { exact: true }).waitFor();
  await leader.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).click();
  await leader.getByRole("dialog").waitFor({ state: "hidden" });

  await register(member, "Mo", "mo@example.com");
  await member.goto(shareLink);
  await member.getByTestId("join-submit").click();
  await member.waitForURL(sessionUrl);

  await guest.goto(shareLink);
  await guest.getByTestId("join-name-input").fill("Gus the Guest");
  await guest.getByTestId("join-submit").click();
  await guest.waitForURL(sessionUrl);

  // Everyone sees all three people, live.
  for (const page of pages) await waitForCount(tiles(page), 3);
  await leader.getByTestId("live-badge").waitFor();
  await guest.getByTestId("live-badge").waitFor();

  // Story 1: 5, 5, 8 -> Strong Consensus, average 6.
  const votes1: [Page, string][] = [
    [leader, "5"],
    [member, "5"],
    [guest, "8"],
  ];
  for (const [i, [page, card]] of votes1.entries()) {
    await page.getByTestId(`deck-card-${card}`).click();
    for (const other of pages) await waitForCount(votedTiles(other), i + 1);
  }
  await snap(guest, "02-guest-voted");
  await leader.getByTestId("reveal-button").click();
  for (const page of pages) {
    await expectText(page, "consensus-label", "Strong Consensus");
    await expectText(page, "average-points", "6");
    await page.getByTestId("vote-distribution").waitFor();
  }
  await snap(member, "03-member-revealed");
  await snap(leader, "04-leader-revealed");

  await leader.getByTestId("final-points-select").selectOption("5");
  await leader.getByTestId("next-story-button").click();
  for (const page of pages) {
    await expectText(page, "active-story-title", "allow a build to be placed at the head of the build queue");
  }
  const rows = leader.locator('[data-testid^="story-row-"]');
  await expectAttr(rows.nth(0), "data-status", "completed");

  // Story 2: everyone votes, then the leader skips it.
  for (const [page, card] of [
    [leader, "3"],
    [member, "2"],
    [guest, "3"],
  ] as [Page, string][]) {
    await page.getByTestId(`deck-card-${card}`).click();
  }
  for (const page of pages) await waitForCount(votedTiles(page), 3);
  await leader.getByTestId("skip-story-button").click();
  for (const page of pages) {
    await expectText(page, "active-story-title", "Result not saved when checkout fails");
    await expectAttr(page.locator('[data-testid^="story-row-"]').nth(1), "data-status", "skipped");
  }
  await snap(leader, "05-leader-after-skip");
  await snap(guest, "06-guest-after-skip");

  // Nothing above needed a reload; the server's view agrees with what the pages showed.
  const stats = await leader.evaluate(async (id) => {
    const res = await fetch(`/api/sessions/${id}`);
    return ((await res.json()) as { stats: { totalStories: number; totalPoints: number } }).stats;
  }, sessionId);
  expect(stats).toMatchObject({ totalStories: 10, totalPoints: 5 });
});

async function expectText(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).filter({ hasText: text }).first().waitFor({ timeout: 10000 });
}

async function expectAttr(locator: ReturnType<Page["locator"]>, name: string, value: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await locator.getAttribute(name)) === value) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await locator.getAttribute(name)).toBe(value);
}

async function waitForCount(locator: ReturnType<Page["locator"]>, n: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await locator.count()) === n) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await locator.count()).toBe(n);
}
