import type { Page } from "playwright-core";
import { axeScan } from "./axeScan";
import { ARTIFACTS, snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { createSessionWithStories, registerThroughForm, waitUntil } from "./pageApi";

/**
 * Issue #8 sections 6 and 8: an automated accessibility scan (axe-core) of the landing page,
 * the dashboard, the join page and the session screen (stories, votes, after reveal), in the
 * light and the dark theme (prefers-color-scheme, which the web app follows by default): no
 * violation of impact serious or critical; moderate and minor ones are printed. Also the
 * skip link, the page titles, the live region and focus return after dialogs.
 */
const e2e = useBrowserAndServer();

/** Every violation found, by screen, for the summary printed at the end. */
const report: string[] = [];

/** Scans the page with axe (axeScan); fails on serious or critical, reports the rest. */
async function scan(page: Page, screen: string): Promise<void> {
  const { blocking, all } = await axeScan(page, screen);
  report.push(...all);
  expect(blocking).toEqual([]);
}

function newPage(colorScheme: "light" | "dark", width = 1280): Promise<Page> {
  return e2e.newPage({ colorScheme, width });
}

describe.each(["light", "dark"] as const)("accessibility in the %s theme", (scheme) => {
  it("has no serious or critical axe violations on the landing, dashboard, join and session screens", async () => {
    const leader = await newPage(scheme);
    await leader.goto(e2e.server.url);
    await leader.getByRole("heading", { level: 1 }).waitFor();
    expect(await leader.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(scheme);
    await scan(leader, `landing (${scheme})`);

    await registerThroughForm(leader, e2e.server.url, "Ada", `ada-${scheme}@example.com`);
    await leader.goto(e2e.server.url);
    await leader.getByRole("heading", { name: /Welcome/ }).waitFor();
    await waitUntil("the dashboard title", async () => (await leader.title()) === "Dashboard · Pointwise");
    await scan(leader, `dashboard (${scheme})`);

    const { sessionId } = await createSessionWithStories(leader, "Accessible sprint", [
      "Sign-in with a passkey",
      "Export the backlog",
      "Dark mode for the chart",
    ]);
    const guest = await newPage(scheme, 390);
    await guest.goto(`${e2e.server.url}/join/${sessionId}`);
    await guest.getByTestId("join-name-input").waitFor();
    await waitUntil("the join page title", async () => (await guest.title()) === "Join session · Pointwise");
    await scan(guest, `join (${scheme})`);
    await guest.getByTestId("join-name-input").fill("Grace Guest");
    await guest.getByTestId("join-submit").click();
    await guest.waitForURL(`${e2e.server.url}/session/${sessionId}`);

    await leader.goto(`${e2e.server.url}/session/${sessionId}`);
    await leader.getByTestId("deck-card-5").waitFor();
    await waitUntil("the session title", async () => (await leader.title()) === "Accessible sprint · Pointwise");
    await leader.getByTestId("deck-card-5").click();
    // The vote count is read out through the one live region (issue #8 section 6).
    const live = leader.getByTestId("live-announcer");
    await guest.getByTestId("deck-card-8").click();
    await waitUntil("the count in the live region", async () => (await live.textContent()) === "2 of 2 voted");
    // One region carries the round's news (Fluent's Toaster keeps its own for toasts).
    const regions = await leader.evaluate(
      () => [...document.querySelectorAll("[aria-live]")].filter((el) => el.textContent?.includes("voted")).length,
    );
    expect(regions).toBe(1);
    await scan(leader, `session with votes (${scheme})`);
    await scan(guest, `session with votes, 390 px (${scheme})`);

    await leader.getByTestId("reveal-button").click();
    await leader.getByTestId("vote-distribution").waitFor();
    await guest.getByTestId("vote-distribution").waitFor();
    await waitUntil("the reveal in the live region", async () =>
      /^Votes revealed: average 6\.5, /.test((await live.textContent()) ?? ""),
    );
    await snap(leader, `a11y-revealed-${scheme}`);
    await scan(leader, `session after reveal (${scheme})`);
    await scan(guest, `session after reveal, 390 px (${scheme})`);
  });
});

describe.each(["light", "dark"] as const)("accessibility of the settings area in the %s theme", (scheme) => {
  it("has no serious or critical axe violations on /settings (with a password error), /subscription/cancel and /hot-reload-demo", async () => {
    const page = await newPage(scheme, 390);
    await registerThroughForm(page, e2e.server.url, "Sam", `sam-${scheme}@example.com`);
    await page.goto(`${e2e.server.url}/settings`);
    await page.getByTestId("password-form").waitFor();
    await page.getByTestId("integrations-upgrade").waitFor();
    await scan(page, `settings, 390 px (${scheme})`);
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByRole("button", { name: "Save Profile" }).waitFor();
    await scan(page, `settings, profile edit, 390 px (${scheme})`);
    await snap(page, `a11y-settings-390-${scheme}`);
    // The password form: a wrong current password is named under its field (and read by axe).
    const form = page.getByTestId("password-form");
    await form.getByLabel("Current password").fill("NotMyPassword1");
    await form.getByLabel(/^New password/).fill("Reestimate13Points");
    await form.getByLabel("Confirm new password").fill("Reestimate13Points");
    await form.getByRole("button", { name: "Change Password" }).click();
    await form.getByText("Current password is incorrect").waitFor();
    await scan(page, `settings, password error, 390 px (${scheme})`);
    await page.goto(`${e2e.server.url}/subscription/cancel`);
    await page.getByRole("heading", { name: "Subscription Cancelled" }).waitFor();
    await scan(page, `subscription cancelled (${scheme})`);
    await page.goto(`${e2e.server.url}/hot-reload-demo`);
    await page.getByTestId("hot-reload-answer").waitFor();
    await scan(page, `hot reload demo (${scheme})`);
    await snap(page, `a11y-hot-reload-demo-390-${scheme}`);
  });
});

it("offers a skip link first, to the main landmark, on every screen", async () => {
  const page = await newPage("dark", 390);
  const screens = [
    "/",
    "/login",
    "/register",
    "/join/00000000-0000-4000-8000-000000000000",
    "/nowhere",
    "/subscription/cancel",
    "/hot-reload-demo",
  ];
  for (const path of screens) {
    await page.goto(`${e2e.server.url}${path}`);
    await page.locator("main").first().waitFor();
    // First in the tab order of the document, whatever a page focuses on its own (autofocus).
    const first = await page.evaluate(() => {
      const tabbable =
        'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
      return document.querySelector(tabbable)?.textContent;
    });
    expect({ path, first }).toEqual({ path, first: "Skip to main content" });
    const link = page.getByTestId("skip-link");
    await link.focus();
    const box = await link.boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("MAIN");
    expect(await page.title()).toMatch(/ · Pointwise$/);
  }
  // With the keyboard from the top of the landing page: Tab reaches the skip link first.
  await page.goto(e2e.server.url);
  await page.locator("main").waitFor();
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to main content");
  await page.screenshot({ path: `${ARTIFACTS}/a11y-skip-link-390-dark.png` });
  // Hidden until focused.
  await page.keyboard.press("Tab");
  const hidden = await page.getByTestId("skip-link").boundingBox();
  expect(hidden === null || hidden.y + hidden.height <= 0).toBe(true);
});

it("returns the focus to the opening button when a dialog closes", async () => {
  const page = await newPage("light");
  await registerThroughForm(page, e2e.server.url, "Fay", "fay@example.com");
  await page.goto(e2e.server.url);
  const { sessionId } = await createSessionWithStories(page, "Focus sprint", ["First story", "Second story"]);

  /** Opens a dialog from `opener` with the keyboard, closes it with Escape, returns the focused test id. */
  const roundTrip = async (opener: string, open: () => Promise<void>) => {
    await page.getByTestId(opener).first().focus();
    await open();
    await page.getByRole("dialog").or(page.getByRole("alertdialog")).first().waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").or(page.getByRole("alertdialog")).first().waitFor({ state: "hidden" });
    await waitUntil(`focus back on ${opener}`, async () =>
      page.evaluate((id) => document.activeElement?.getAttribute("data-testid") === id, opener),
    ).catch(() => undefined);
    return page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.tagName);
  };
  const enter = () => page.keyboard.press("Enter");

  await page.getByTestId("create-session-button").first().waitFor();
  expect(await roundTrip("create-session-button", enter)).toBe("create-session-button");

  await page.goto(`${e2e.server.url}/session/${sessionId}`);
  await page.getByTestId("invite-button").waitFor();
  expect(await roundTrip("invite-button", enter)).toBe("invite-button");
  expect(await roundTrip("add-story-button", enter)).toBe("add-story-button");
  expect(await roundTrip("edit-story-button", enter)).toBe("edit-story-button");
  expect(await roundTrip("delete-story-button", enter)).toBe("delete-story-button");
  // Edit Session opens from a menu item: the focus goes back to the menu's button.
  const fromMenu = await roundTrip("session-menu", async () => {
    await enter();
    await page.getByRole("menuitem", { name: "Edit Session" }).click();
  });
  expect(fromMenu).toBe("session-menu");
});

afterAll(() => {
  console.log(
    report.length === 0
      ? "axe: no violations at all"
      : `axe: violations below serious (reported, not failing):\n${report.join("\n")}`,
  );
});
