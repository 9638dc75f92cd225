import type { Locator, Page } from "playwright-core";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { createSessionWithStories, registerThroughForm, waitUntil } from "./pageApi";

/**
 * Issue #9 section 2, "Proof", in three browsers: the leader adds a criterion directly; a guest
 * suggests one ("Suggestion Submitted", pending for the leader); the leader approves it and a
 * registered member (a phone, dark mode) sees it join the story's criteria live; the leader edits
 * a criterion (Enter), drops one by emptying it (blur) and rejects another suggestion.
 */
const e2e = useBrowserAndServer();

const criteriaPanel = (page: Page): Locator => page.getByTestId("story-criteria");

/** The criteria as a page shows them: the leader's inputs, or everyone else's list items. */
async function criteriaOf(page: Page): Promise<string[]> {
  const inputs = criteriaPanel(page).locator('[data-testid^="criterion-input-"]');
  if ((await inputs.count()) > 0) return inputs.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
  return criteriaPanel(page).locator('[data-testid^="criterion-"]').allTextContents();
}

async function waitForCriteria(page: Page, expected: string[]): Promise<void> {
  await waitUntil(`criteria ${JSON.stringify(expected)}`, async () => {
    return JSON.stringify(await criteriaOf(page)) === JSON.stringify(expected);
  }).catch(async (error: Error) => {
    throw new Error(`${error.message}; shown: ${JSON.stringify(await criteriaOf(page))}`);
  });
}

async function suggest(page: Page, content: string): Promise<void> {
  await criteriaPanel(page).getByTestId("suggest-criterion-input").fill(content);
  await criteriaPanel(page).getByTestId("suggest-criterion-input").press("Enter");
}

it("a guest's suggestion approved by the leader is seen live by a registered member", async () => {
  const leader = await e2e.newPage();
  const guest = await e2e.newPage();
  const member = await e2e.newPage({ width: 390, height: 844, colorScheme: "dark" });

  await registerThroughForm(leader, e2e.server.url, "Lea", "lea-criteria@example.com");
  const { sessionId } = await createSessionWithStories(leader, "Criteria sprint", ["Export the sprint report"]);
  const sessionUrl = `${e2e.server.url}/session/${sessionId}`;
  await leader.goto(sessionUrl);
  await criteriaPanel(leader).waitFor();

  await registerThroughForm(member, e2e.server.url, "Mo", "mo-criteria@example.com");
  await member.goto(`${e2e.server.url}/join/${sessionId}`);
  await member.getByTestId("join-submit").click();
  await member.waitForURL(sessionUrl);
  await guest.goto(`${e2e.server.url}/join/${sessionId}`);
  await guest.getByTestId("join-name-input").fill("Gus the Guest");
  await guest.getByTestId("join-submit").click();
  await guest.waitForURL(sessionUrl);
  await criteriaPanel(guest).getByText("No acceptance criteria yet.").waitFor();
  await criteriaPanel(member).getByText("No acceptance criteria yet.").waitFor();

  // 1. The leader's entry is added directly; everyone sees it.
  await expectPlaceholder(leader, "Add acceptance criterion...");
  await expectPlaceholder(guest, "Suggest acceptance criterion...");
  await suggest(leader, "Opens from the session menu");
  await leader.getByText("Added", { exact: true }).waitFor();
  await waitForCriteria(member, ["Opens from the session menu"]);
  await waitForCriteria(guest, ["Opens from the session menu"]);

  // 2. The guest suggests: pending for the leader's approval, shown to everyone as pending.
  await suggest(guest, "The CSV has a header row");
  await guest.getByText("Suggestion Submitted", { exact: true }).waitFor();
  await guest.getByText("Your suggestion has been sent to the session leader for approval.", { exact: true }).waitFor();
  await criteriaPanel(guest).getByText("Pending (yours)").waitFor();
  const pendingOnLeader = criteriaPanel(leader).locator('[data-testid^="pending-suggestion-"]');
  await pendingOnLeader.filter({ hasText: "The CSV has a header row" }).waitFor();
  await pendingOnLeader.filter({ hasText: "Gus the Guest" }).waitFor();
  const pendingOnMember = criteriaPanel(member).locator('[data-testid^="pending-suggestion-"]');
  await pendingOnMember.filter({ hasText: "The CSV has a header row" }).waitFor();
  // Only the leader decides.
  expect(await criteriaPanel(member).locator('[data-testid^="approve-suggestion-"]').count()).toBe(0);
  expect(await criteriaPanel(guest).locator('[data-testid^="approve-suggestion-"]').count()).toBe(0);
  await snap(leader, "criteria-01-leader-pending");
  await snap(member, "criteria-02-member-pending-390-dark");
  await leader.setViewportSize({ width: 390, height: 844 });
  await snap(leader, "criteria-02b-leader-pending-390");
  await leader.setViewportSize({ width: 1280, height: 900 });

  // 3. The leader approves: the member sees the criterion join the story, live.
  await criteriaPanel(leader).locator('[data-testid^="approve-suggestion-"]').click();
  await leader.getByText("Approved", { exact: true }).waitFor();
  await waitForCriteria(member, ["Opens from the session menu", "The CSV has a header row"]);
  await waitForCriteria(guest, ["Opens from the session menu", "The CSV has a header row"]);
  await pendingOnMember.first().waitFor({ state: "detached" });
  await snap(member, "criteria-03-member-approved-390-dark");

  // 4. The leader edits a criterion (Enter saves) and drops one by emptying it (blur saves).
  const first = criteriaPanel(leader).getByTestId("criterion-input-0");
  await first.fill("Opens from the session menu and the queue");
  await first.press("Enter");
  await waitForCriteria(member, ["Opens from the session menu and the queue", "The CSV has a header row"]);
  const second = criteriaPanel(leader).getByTestId("criterion-input-1");
  await second.fill("   ");
  await criteriaPanel(leader).getByTestId("suggest-criterion-input").click();
  await waitForCriteria(member, ["Opens from the session menu and the queue"]);

  // 5. A member's suggestion rejected by the leader leaves everyone's list.
  await suggest(member, "Runs in under 2 seconds");
  const rejected = pendingOnLeader.filter({ hasText: "Runs in under 2 seconds" });
  await rejected.waitFor();
  await pendingOnMember.filter({ hasText: "Runs in under 2 seconds" }).waitFor();
  await rejected.locator('[data-testid^="reject-suggestion-"]').click();
  await leader.getByText("Rejected", { exact: true }).waitFor();
  await pendingOnMember.first().waitFor({ state: "detached" });
  await pendingOnLeader.first().waitFor({ state: "detached" });
  await waitForCriteria(member, ["Opens from the session menu and the queue"]);

  // 6. The leader removes the last criterion with its button.
  await criteriaPanel(leader).getByTestId("criterion-remove-0").click();
  await criteriaPanel(member).getByText("No acceptance criteria yet.").waitFor();
  await snap(leader, "criteria-04-leader-final");
});

async function expectPlaceholder(page: Page, text: string): Promise<void> {
  const input = criteriaPanel(page).getByTestId("suggest-criterion-input");
  expect(await input.getAttribute("placeholder")).toBe(text);
}
