import fs from "node:fs";
import type { Locator, Page } from "playwright-core";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { createSessionWithStories, dragRow, registerThroughForm, waitForCount, waitUntil } from "./pageApi";

/**
 * Issue #8 section 8 proof of sections 3 and 4, in two browsers: the leader edits a story and
 * the guest sees it live; reorders the queue with Move up / Move down and by drag and drop (the
 * guest sees the new order); skips a story and takes it back with the toast's Undo within 5 s;
 * deletes a story after a confirm; and, mid-session with one story completed, downloads the
 * Markdown and CSV exports from the Results view.
 */
const e2e = useBrowserAndServer();

/** The titles of the story queue, top to bottom. */
const queueTitles = (page: Page): Promise<string[]> =>
  page.locator('[data-testid^="story-row-"] > span:first-child').allTextContents();

/** The queue entry (row and its move buttons) of a story. */
const queueItem = (page: Page, storyId: string): Locator =>
  page.locator("li", { has: page.getByTestId(`story-row-${storyId}`) });

async function waitForQueue(page: Page, titles: string[]): Promise<void> {
  await waitUntil(`queue ${titles.join(", ")}`, async () => {
    return JSON.stringify(await queueTitles(page)) === JSON.stringify(titles);
  }).catch(async (error: Error) => {
    throw new Error(`${error.message}; queue is ${JSON.stringify(await queueTitles(page))}`);
  });
}

async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.getByTestId("active-story-title").filter({ hasText: title }).first().waitFor({ timeout: 10_000 });
}

it("edits, reorders, skips with Undo, deletes stories live, and exports mid-session", async () => {
  const leader = await e2e.newPage();
  const guest = await e2e.newPage();

  await registerThroughForm(leader, e2e.server.url, "Lea", "lea@example.com");
  const { sessionId, storyIds } = await createSessionWithStories(leader, "Correctable sprint", [
    "Alpha",
    "Bravo",
    "Charlie",
    "Delta",
  ]);
  const [alpha, bravo, charlie, delta] = storyIds as [string, string, string, string];
  await leader.goto(`${e2e.server.url}/session/${sessionId}`);
  await waitForTitle(leader, "Alpha");

  await guest.goto(`${e2e.server.url}/join/${sessionId}`);
  await guest.getByTestId("join-name-input").fill("Gil Guest");
  await guest.getByTestId("join-submit").click();
  await guest.waitForURL(`${e2e.server.url}/session/${sessionId}`);
  await waitForTitle(guest, "Alpha");

  // 1. Edit: title and ticket number; the guest sees both without reloading.
  await leader.getByTestId("edit-story-button").click();
  const dialog = leader.getByRole("dialog");
  await dialog.getByTestId("story-edit-title").fill("Alpha, corrected");
  await dialog.getByLabel("Ticket number").fill("PW-42");
  await dialog.getByTestId("story-edit-submit").click();
  await dialog.waitFor({ state: "hidden" });
  await waitForTitle(guest, "Alpha, corrected");
  await guest.getByText("PW-42").first().waitFor();
  await waitForQueue(guest, ["Alpha, corrected", "Bravo", "Charlie", "Delta"]);

  // 2. Reorder with the keyboard alternative: Delta up (above Charlie), then Bravo down (below it).
  await queueItem(leader, delta).getByTestId("story-move-up").click();
  await waitForQueue(guest, ["Alpha, corrected", "Bravo", "Delta", "Charlie"]);
  await queueItem(leader, bravo).getByTestId("story-move-down").click();
  await waitForQueue(guest, ["Alpha, corrected", "Delta", "Bravo", "Charlie"]);
  // ... and by drag and drop (dnd-kit, by the row's handle): Charlie dropped on Delta's place.
  await dragRow(leader, queueItem(leader, charlie).getByTestId("story-drag-handle"), queueItem(leader, delta));
  await waitForQueue(guest, ["Alpha, corrected", "Charlie", "Delta", "Bravo"]);
  await waitForQueue(leader, ["Alpha, corrected", "Charlie", "Delta", "Bravo"]);
  // The order is stored: a reload shows it.
  await guest.reload();
  await waitForQueue(guest, ["Alpha, corrected", "Charlie", "Delta", "Bravo"]);

  // 3. Skip, then Undo in the toast within 5 s: the story is back for everyone. (One toast at a
  // time: the edit's "Story updated" goes first; toasts time out on animation frames, which a
  // page in the background does not get.)
  await leader.bringToFront();
  await leader.getByText("Story updated").waitFor({ state: "hidden", timeout: 15_000 });
  await leader.getByTestId("skip-story-button").click();
  const skippedAt = Date.now();
  await waitForTitle(guest, "Charlie");
  await leader.getByTestId("toast-action").filter({ hasText: "Undo" }).click();
  expect(Date.now() - skippedAt).toBeLessThan(5000);
  await waitForTitle(guest, "Alpha, corrected");
  await waitForTitle(leader, "Alpha, corrected");
  await waitUntil("Alpha open again", async () => {
    const status = await guest.getByTestId(`story-row-${alpha}`).getAttribute("data-status");
    return status === "pending" || status === "voting";
  });

  // 4. Complete Alpha (5 and 8, final 5) so the results are available mid-session.
  await leader.getByTestId("deck-card-5").click();
  await guest.getByTestId("deck-card-8").click();
  await waitForCount(leader.locator('[data-testid^="participant-"][data-voted="true"]'), 2);
  await leader.getByTestId("reveal-button").click();
  await guest.getByTestId("vote-distribution").waitFor();
  await leader.getByTestId("final-points-select").selectOption("5");
  await leader.getByTestId("next-story-button").click();
  await waitForTitle(guest, "Charlie");

  // 5. Delete the current story after the confirm; it leaves the guest's queue too.
  await leader.getByTestId("delete-story-button").click();
  const confirm = leader.getByRole("alertdialog");
  await confirm.getByText('"Charlie" and its votes will be deleted').waitFor();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await confirm.waitFor({ state: "hidden" });
  await waitForQueue(guest, ["Alpha, corrected", "Delta", "Bravo"]);
  await waitForCount(guest.getByTestId(`story-row-${charlie}`), 0);
  await snap(guest, "story-editing-guest");

  // 6. Exports mid-session from the Results view (one story completed, two pending).
  await leader.getByRole("tab", { name: "Results" }).click();
  await leader.getByTestId("session-results").waitFor();
  const download = async (label: string) => {
    const [file] = await Promise.all([
      leader.waitForEvent("download"),
      leader
        .getByRole("link", { name: label })
        .or(leader.getByRole("button", { name: label }))
        .first()
        .click(),
    ]);
    const path = await file.path();
    return { name: file.suggestedFilename(), text: fs.readFileSync(path, "utf8") };
  };
  const md = await download("Export Markdown");
  expect(md.name).toBe(`session-results-${sessionId}.md`);
  expect(md.text).toContain("# Correctable sprint");
  expect(md.text).toContain("| Alpha, corrected | PW-42 | Completed | 5 | 6.5 | No |");
  expect(md.text).toMatch(/\| Delta \| {2}\| (Pending|Voting) \| {2}\| {2}\|/);
  expect(md.text).toMatch(/\| Bravo \| {2}\| Pending \| {2}\| {2}\|/);
  expect(md.text).not.toContain("Charlie");
  expect(md.text).toContain("**Total:** 5 points");

  const csv = await download("Export CSV");
  expect(csv.name).toBe(`session-results-${sessionId}.csv`);
  const lines = csv.text
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toMatch(/^ticket,title,status,final points,average,consensus,rounds,/);
  expect(lines[1]).toMatch(/^PW-42,"Alpha, corrected",Completed,5,6\.5,No,"Round 1: 5, 8 - Good Alignment",/);
  expect(lines.slice(2).map((l) => l.split(",").slice(1, 4))).toEqual([
    ["Delta", expect.stringMatching(/Pending|Voting/), ""],
    ["Bravo", "Pending", ""],
  ]);
});
