import type { BrowserContext, Page } from "playwright-core";
import { buildSession, buildStory, type TestUser } from "../../api/src/testing/factories";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";

/**
 * Issue #8 section 1 ("Who the round waits for") in several browsers, with a 2 s presence
 * grace (PRESENCE_GRACE_SECONDS): (a) a guest closes the page and the leader's waiting count
 * drops once the grace has run out, pushed without reload; (b) a guest switches to observer:
 * their deck disappears and the count drops; (c) the leader removes a participant after a
 * confirm dialog: the removed browser shows "You were removed from this session" and its next
 * REST call is refused.
 */
const GRACE_S = 2;

const e2e = useBrowserAndServer({ env: { PRESENCE_GRACE_SECONDS: String(GRACE_S) } });

/** A browser context signed in as `user` (the API client's cookies). */
async function signedIn(user: TestUser): Promise<BrowserContext> {
  return e2e.newContext({ user });
}

/** A guest who joins through the share link, in a browser of their own. */
async function guestJoins(
  sessionId: string,
  name: string,
  width = 1024,
  colorScheme: "light" | "dark" = "light",
  asObserver = false,
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await e2e.newContext({ width, colorScheme });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/join/${sessionId}`);
  await page.getByTestId("join-name-input").fill(name);
  if (asObserver) await page.getByTestId("join-as-observer").click();
  await page.getByTestId("join-submit").click();
  await page.waitForURL(`${e2e.server.url}/session/${sessionId}`);
  return { page, context };
}

async function countText(page: Page): Promise<string> {
  return (await page.getByTestId("participation-count").textContent()) ?? "";
}

async function waitForCountText(page: Page, text: string, timeoutMs = 10000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if ((await countText(page)) === text) return Date.now();
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await countText(page)).toBe(text);
  return Date.now();
}

it("waits only for present voters: a guest leaves, one observes, one is removed", async () => {
  const { leader, session } = await buildSession(e2e.server.url, { title: "Presence round" });
  await buildStory(leader, session.id, { title: "Checkout with PayPal" });
  const leaderPage = await (await signedIn(leader)).newPage();
  await leaderPage.goto(`${e2e.server.url}/session/${session.id}`);
  await leaderPage.getByTestId("live-badge").waitFor();

  const gus = await guestJoins(session.id, "Gus");
  const olga = await guestJoins(session.id, "Olga", 390, "dark");
  const rita = await guestJoins(session.id, "Rita", 390);
  await waitForCountText(leaderPage, "0 of 4 voted");
  await leaderPage.getByTestId("deck-card-5").click();
  await waitForCountText(leaderPage, "1 of 4 voted");
  await leaderPage.getByTestId("waiting-for-votes").filter({ hasText: "Waiting for 3 votes" }).waitFor();

  // (a) Gus closes his page: he still counts during the grace, then not, on the leader's screen.
  const closedAt = Date.now();
  await gus.context.close();
  const gusTile = leaderPage.locator('[data-testid^="participant-p:"][data-present="false"]');
  await gusTile.waitFor({ timeout: GRACE_S * 1000 + 10000 });
  const droppedAt = await waitForCountText(leaderPage, "1 of 3 voted", GRACE_S * 1000 + 10000);
  const graceMs = droppedAt - closedAt;
  expect(graceMs).toBeGreaterThanOrEqual(GRACE_S * 1000 - 200);
  console.log(`grace ${GRACE_S} s: the leader's count dropped ${graceMs} ms after the guest closed the page`);
  await leaderPage.getByTestId("waiting-for-votes").filter({ hasText: "Waiting for 2 votes" }).waitFor();
  await snap(leaderPage, "presence-01-guest-gone");

  // (b) Olga switches to observer: her deck goes, she is listed as an observer, the count drops.
  await olga.page.getByTestId("deck-card-8").waitFor();
  await olga.page.getByTestId("observer-switch").click();
  await olga.page.getByTestId("observer-hint").waitFor();
  await olga.page.getByTestId("deck-card-8").waitFor({ state: "detached" });
  await waitForCountText(leaderPage, "1 of 2 voted");
  await leaderPage.getByTestId("observers").getByText("Olga").waitFor();
  await waitForCountText(olga.page, "1 of 2 voted");
  await snap(olga.page, "presence-02-observer-390-dark");
  // "Join as observer" on the join page: no deck, listed as an observer, not waited for.
  const vera = await guestJoins(session.id, "Vera", 1024, "light", true);
  await vera.page.getByTestId("observer-hint").waitFor();
  expect(await vera.page.getByTestId("deck-card-8").count()).toBe(0);
  await leaderPage.getByTestId("observers").getByText("Vera").waitFor();
  expect(await countText(leaderPage)).toBe("1 of 2 voted");

  // (c) The leader removes Rita after confirming: her browser shows the removed screen.
  const ritaKey = await rita.page.evaluate(async (id) => {
    const res = await fetch(`/api/sessions/${id}/participants`);
    const people = (await res.json()) as { displayName: string; voterKey: string }[];
    return people.find((p) => p.displayName === "Rita")?.voterKey ?? "";
  }, session.id);
  await leaderPage.getByTestId(`participant-menu-${ritaKey}`).click();
  await leaderPage.getByTestId("participant-remove").click();
  await leaderPage.getByRole("alertdialog").waitFor();
  await snap(leaderPage, "presence-03-remove-confirm");
  await leaderPage.getByRole("alertdialog").getByRole("button", { name: "Remove", exact: true }).click();
  await rita.page.getByText("You were removed from this session").waitFor();
  await waitForCountText(leaderPage, "1 of 1 voted");
  expect(await leaderPage.getByTestId(`participant-${ritaKey}`).count()).toBe(0);
  await snap(rita.page, "presence-04-removed-390");
  const next = await rita.page.evaluate(async (id) => {
    const res = await fetch(`/api/sessions/${id}`);
    return { status: res.status, code: ((await res.json()) as { code?: string }).code };
  }, session.id);
  expect(next).toEqual({ status: 403, code: "PARTICIPANT_REMOVED" });
  // A reload does not bring her back either.
  await rita.page.reload();
  await rita.page.getByTestId("removed-from-session").waitFor();
  await rita.page.getByTestId("removed-home").click();
  await rita.page.waitForURL(`${e2e.server.url}/`);
});
