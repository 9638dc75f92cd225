import type { Page } from "playwright-core";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { registerThroughForm } from "./pageApi";

/**
 * Issue #8 section 8: auto-reveal, and the round timer reaching zero in two browsers within
 * 0.5 s of each other (section 2: the deadline is stored on the server and pushed; each client
 * corrects for its clock offset from the server's time).
 */
const AUTO_REVEAL = "Reveal automatically when everyone has voted";

const e2e = useBrowserAndServer();

const newPage = (width = 1280, height = 900) => e2e.newPage({ width, height });

/** Signs up through the registration form (see registerThroughForm). */
const register = (page: Page, first: string, email: string) => registerThroughForm(page, e2e.server.url, first, email);

/** Creates a session through the Create Session dialog; returns its id. */
async function createSession(page: Page, title: string, autoReveal: boolean): Promise<string> {
  await page.goto(`${e2e.server.url}/`);
  await page.getByTestId("create-session-button").first().click();
  await page.getByTestId("session-title-input").fill(title);
  const toggle = page.getByRole("dialog").getByLabel(AUTO_REVEAL);
  if (autoReveal) await toggle.check();
  expect(await toggle.isChecked()).toBe(autoReveal);
  await page.getByTestId("session-submit").click();
  await page.waitForURL(/\/session\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop() as string;
}

/**
 * Adds a story as the signed-in leader of `page` (the page's own cookies and CSRF token) and
 * waits until the page shows `activeTitle` as the group's story.
 */
async function addStory(page: Page, sessionId: string, title: string, activeTitle = title): Promise<void> {
  const status = await page.evaluate(
    async ({ id, storyTitle }) => {
      const { csrfToken } = (await (await fetch("/api/csrf-token")).json()) as { csrfToken: string };
      const res = await fetch(`/api/sessions/${id}/stories`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": csrfToken },
        body: JSON.stringify({ title: storyTitle }),
      });
      return res.status;
    },
    { id: sessionId, storyTitle: title },
  );
  expect(status).toBe(201);
  await page.getByTestId("active-story-title").filter({ hasText: activeTitle }).waitFor();
}

async function joinAsGuest(page: Page, sessionId: string, name: string): Promise<void> {
  await page.goto(`${e2e.server.url}/join/${sessionId}`);
  await page.getByTestId("join-name-input").fill(name);
  await page.getByTestId("join-submit").click();
  await page.waitForURL(`${e2e.server.url}/session/${sessionId}`);
}

const tiles = (page: Page) => page.locator('[data-testid^="participant-"][data-voted]');

async function waitForCount(locator: ReturnType<Page["locator"]>, n: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await locator.count()) === n) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await locator.count()).toBe(n);
}

it("reveals on its own once the leader and a guest have voted, with auto-reveal on", async () => {
  const leader = await newPage();
  const guest = await newPage(390, 844);
  await register(leader, "Lena", "lena-auto@example.com");
  const sessionId = await createSession(leader, "Auto-reveal refinement", true);
  await addStory(leader, sessionId, "Password reset by e-mail");
  await addStory(leader, sessionId, "Export as PDF", "Password reset by e-mail");
  expect(await leader.getByTestId("auto-reveal-switch").isChecked()).toBe(true);
  await joinAsGuest(guest, sessionId, "Gus the Guest");
  for (const page of [leader, guest]) await waitForCount(tiles(page), 2);
  await guest.getByText("Votes are revealed automatically when everyone has voted").waitFor();

  let revealClicks = 0;
  for (const page of [leader, guest]) {
    page.on("request", (request) => {
      if (request.url().endsWith("/reveal-votes")) revealClicks++;
    });
  }
  await leader.getByTestId("deck-card-5").click();
  await guest.getByTestId("deck-card-8").click();
  for (const page of [leader, guest]) {
    await page.getByTestId("vote-distribution").waitFor({ timeout: 10_000 });
    await page.getByTestId("consensus-label").waitFor();
  }
  expect(revealClicks).toBe(0);
  await snap(leader, "round-timer-01-auto-revealed-leader");
  await snap(guest, "round-timer-02-auto-revealed-guest-390");

  // Switched off on the session screen, the next story waits for the Reveal button again.
  await leader.getByTestId("auto-reveal-switch").uncheck();
  await leader.getByTestId("next-story-button").click();
  await leader.getByTestId("active-story-title").filter({ hasText: "Export as PDF" }).waitFor();
  await leader.getByTestId("deck-card-3").click();
  await guest.getByTestId("deck-card-3").click();
  await leader.getByTestId("reveal-button").filter({ hasText: "Reveal Votes" }).waitFor();
  await new Promise((r) => setTimeout(r, 1000));
  expect(await leader.getByTestId("vote-distribution").count()).toBe(0);
  await leader.context().close();
  await guest.context().close();
});

it("shows the timer's zero in two browsers within 0.5 s, survives a reload and highlights Reveal", async () => {
  const leader = await newPage();
  const guest = await newPage(390, 844);
  await register(leader, "Tim", "tim-timer@example.com");
  const sessionId = await createSession(leader, "Timed refinement", false);
  await addStory(leader, sessionId, "Bulk import of users");
  await joinAsGuest(guest, sessionId, "Gina the Guest");
  for (const page of [leader, guest]) await waitForCount(tiles(page), 2);

  // The leader starts the shortest timer, 30 s, through Custom.
  await leader.getByTestId("timer-custom").click();
  await leader.getByTestId("timer-custom-seconds").fill("30");
  await leader.getByTestId("timer-custom-start").click();
  for (const page of [leader, guest]) {
    await page
      .getByTestId("round-timer")
      .filter({ hasText: /^00:(30|2\d)$/ })
      .waitFor();
    await page.getByTestId("live-announcer").filter({ hasText: "Timer started: 30 seconds" }).waitFor();
  }
  await snap(leader, "round-timer-03-running-leader");
  await snap(guest, "round-timer-04-running-guest-390");

  // The guest reloads mid-countdown: the timer comes back from the story and the snapshot.
  await guest.reload();
  await guest
    .getByTestId("round-timer")
    .filter({ hasText: /^00:[0-2]\d$/ })
    .waitFor();

  // Each page records the moment its timer first reads "Time's up".
  const record = () =>
    new Promise<void>((resolve) => {
      const w = window as unknown as { timeUpAt?: number };
      const check = () => {
        const shown = document.querySelector('[data-testid="round-timer"]')?.textContent === "Time's up";
        if (shown && w.timeUpAt === undefined) w.timeUpAt = Date.now();
        return shown;
      };
      if (check()) return resolve();
      new MutationObserver((_m, observer) => {
        if (check()) observer.disconnect();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      resolve();
    });
  await Promise.all([leader.evaluate(record), guest.evaluate(record)]);
  const timeUpAt = (page: Page) =>
    page
      .waitForFunction(() => (window as unknown as { timeUpAt?: number }).timeUpAt, undefined, { timeout: 45_000 })
      .then((handle) => handle.jsonValue() as Promise<number>);
  const [leaderAt, guestAt] = await Promise.all([timeUpAt(leader), timeUpAt(guest)]);
  const difference = Math.abs(leaderAt - guestAt);
  console.log(`Round timer zero: leader and guest showed "Time's up" ${difference} ms apart`);
  expect(difference).toBeLessThanOrEqual(500);

  await leader.getByTestId("live-announcer").filter({ hasText: "Time's up" }).waitFor();
  const reveal = leader.getByTestId("reveal-button");
  expect(await reveal.getAttribute("data-time-up")).toBe("true");
  expect(await guest.getByTestId("round-timer").textContent()).toBe("Time's up");
  await snap(leader, "round-timer-05-time-up-leader");
  await snap(guest, "round-timer-06-time-up-guest-390");
  for (const page of [leader, guest]) await page.emulateMedia({ colorScheme: "dark" });
  await snap(leader, "round-timer-07-time-up-leader-dark");
  await snap(guest, "round-timer-08-time-up-guest-390-dark");

  // Still "Time's up" after a reload (no auto-reveal: nothing happened on the server).
  await guest.reload();
  await guest.getByTestId("round-timer").filter({ hasText: "Time's up" }).waitFor();
  expect(await guest.getByTestId("vote-distribution").count()).toBe(0);

  // The reveal stops the timer for everyone.
  await reveal.click();
  for (const page of [leader, guest]) {
    await page.getByTestId("round-timer").waitFor({ state: "detached" });
  }
});
