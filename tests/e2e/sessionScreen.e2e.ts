import fs from "node:fs";
import path from "node:path";
import type { StoryView } from "@pointwise/core/presented";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { axeScan } from "./axeScan";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { dragRow, pageApi, registerThroughForm, waitForCount, waitUntil } from "./pageApi";

/**
 * Issue #22: the session screen a team can trust in a real refinement meeting. Browser tests for
 * the defects of section 1 (descriptions that piled up, a round timer that disagreed between
 * people, a join that shook the others) and the one-screen layout and queue of section 2, on
 * real backlogs of ../shared/data/storypoints.
 */

const e2e = useBrowserAndServer();

const MESOS = path.resolve(__dirname, "../../../shared/data/storypoints/mesos.csv");
/** The header and the first `n` stories of mesos.csv (every row holds one story). */
const mesos = (n?: number) => {
  const lines = fs.readFileSync(MESOS, "utf8").trimEnd().split("\n");
  return (n === undefined ? lines : lines.slice(0, n + 1)).join("\n");
};

let people = 0;
/** A new person's page, signed up through the form (unique e-mail). */
async function registered(first: string, options: Parameters<typeof e2e.newPage>[0] = {}): Promise<Page> {
  const page = await e2e.newPage(options);
  people += 1;
  await registerThroughForm(page, e2e.server.url, first, `${first.toLowerCase()}${people}@example.com`);
  return page;
}

/** A session of the leader's with `csv` imported; its id and stories in queue order. */
async function sessionWith(leader: Page, title: string, csv: string): Promise<{ id: string; stories: StoryView[] }> {
  const created = await pageApi<{ id: string }>(leader, "POST", "/api/sessions", { title });
  const id = created.body.id;
  const status = await leader.evaluate(
    async ({ id, csv }) => {
      const token = ((await (await fetch("/api/csrf-token")).json()) as { csrfToken: string }).csrfToken;
      const res = await fetch(`/api/sessions/${id}/stories/import`, {
        method: "POST",
        headers: { "content-type": "text/csv", "x-csrf-token": token },
        body: csv,
      });
      return res.status;
    },
    { id, csv },
  );
  expect(status).toBe(201);
  const page = await pageApi<{ stories: StoryView[] }>(leader, "GET", `/api/sessions/${id}/stories/window?limit=10`);
  return { id, stories: page.body.stories };
}

/** A guest joining by the share link under `name`; the page once the deck is shown. */
async function guestJoins(page: Page, sessionId: string, name: string): Promise<void> {
  await page.goto(`${e2e.server.url}/join/${sessionId}`);
  await page.getByTestId("join-name-input").fill(name);
  await page.getByTestId("join-submit").click();
  await page.locator('[data-testid^="deck-card-"]').first().waitFor();
}

const titleOf = (page: Page) => page.getByTestId("active-story-title");
const waitForTitle = (page: Page, title: string) =>
  waitUntil(`"${title}" shown`, async () => (await titleOf(page).textContent()) === title, 15_000);

describe("one story description at a time (issue #22 section 1)", () => {
  it("shows exactly the current story's description on every story, for leader, member and guest", async () => {
    const leader = await registered("Lena");
    const { id, stories } = await sessionWith(leader, "Descriptions", mesos(5));
    await leader.goto(`${e2e.server.url}/session/${id}`);
    const member = await registered("Mo", { width: 768, height: 1000 });
    await member.goto(`${e2e.server.url}/join/${id}`);
    await member.getByTestId("join-submit").click();
    const guest = await e2e.newPage({ width: 390, height: 844, colorScheme: "dark" });
    await guestJoins(guest, id, "Gus");
    const pages = [leader, member, guest];
    for (const [i, story] of stories.slice(0, 4).entries()) {
      for (const page of pages) {
        await waitForTitle(page, story.title);
        const descriptions = page.locator("[data-testid=story-description]");
        await waitForCount(descriptions, 1);
        const shown = (await descriptions.textContent()) ?? "";
        expect(shown.slice(0, 40)).toBe((story.description ?? "").replace(/\s+/g, " ").slice(0, 40));
      }
      if (i === 2) {
        await leader.getByTestId("skip-story-button").click();
        continue;
      }
      for (const page of pages) await page.getByTestId("deck-card-3").click();
      await leader.getByTestId("reveal-button").click();
      await leader.getByTestId("average-points").waitFor();
      await leader.getByTestId("next-story-button").click();
    }
    await snap(guest, "issue22-one-description-guest");
  });
});

/** The seconds a page's round timer shows (mm:ss), or null when none shows. */
async function shownSeconds(page: Page): Promise<number | null> {
  const text = (await page.getByTestId("round-timer").textContent()) ?? "";
  const match = /(\d\d):(\d\d)/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * Makes the page's clock run `skewMs` off the real one (a laptop whose clock is wrong), for
 * Date.now and new Date() alike.
 */
async function skewClock(context: BrowserContext, skewMs: number): Promise<void> {
  await context.addInitScript((skew: number) => {
    const RealDate = Date;
    const realNow = RealDate.now.bind(RealDate);
    class SkewedDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(realNow() + skew);
        else super(...(args as [string]));
      }
      static override now() {
        return realNow() + skew;
      }
    }
    (globalThis as { Date: DateConstructor }).Date = SkewedDate as DateConstructor;
  }, skewMs);
}

describe("the round timer agrees everywhere (issue #22 section 1)", () => {
  it("shows the same remaining time within 1 s of the server's on skewed clocks and slow answers", async () => {
    const leaderContext = await e2e.newContext({ width: 1366, height: 768 });
    await skewClock(leaderContext, 47_000);
    const leader = await leaderContext.newPage();
    people += 1;
    await registerThroughForm(leader, e2e.server.url, "Tia", `tia${people}@example.com`);
    const { id, stories } = await sessionWith(leader, "Timer", mesos(4));
    await leader.goto(`${e2e.server.url}/session/${id}`);
    await leader.getByTestId("live-badge").waitFor();
    // The guest's clock is 31 s behind, and the session's REST answer reaches them 2.5 s late
    // (a slow network, a big answer): that one-way sample used to win over the snapshot's.
    const guestContext = await e2e.newContext({ width: 390, height: 844, colorScheme: "dark" });
    await skewClock(guestContext, -31_000);
    await guestContext.route(new RegExp(`/api/sessions/${id}$`), async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 2_500)); // the network latency under test
      await route.fulfill({ response });
    });
    const guest = await guestContext.newPage();
    await guestJoins(guest, id, "Gus");
    // The leader moves the group around (each move used to re-sample the page's first answer).
    for (const story of [stories[1], stories[2], stories[0]] as StoryView[]) {
      await leader.getByTestId(`story-row-${story.id}`).click();
      await waitForTitle(guest, story.title);
    }
    await leader.getByTestId("timer-preset-60").click();
    await leader.getByTestId("round-timer").waitFor();
    await guest.getByTestId("round-timer").waitFor();
    const endsAt = await waitForTimerEnd(leader, id, stories[0]?.id ?? "");
    for (const page of [leader, guest]) {
      const before = Date.now(); // the test runs on the server's machine: its clock is the server's
      const shown = await shownSeconds(page);
      const after = Date.now();
      expect(shown).not.toBeNull();
      expect(shown).toBeGreaterThanOrEqual(Math.floor((endsAt - after) / 1000) - 1);
      expect(shown).toBeLessThanOrEqual(Math.ceil((endsAt - before) / 1000) + 1);
    }
  });
});

/** The story's timer deadline (ms since the epoch) as the server stored it. */
async function waitForTimerEnd(page: Page, sessionId: string, storyId: string): Promise<number> {
  let endsAt = Number.NaN;
  await waitUntil("the timer's deadline", async () => {
    const read = await pageApi<{ stories: StoryView[] }>(
      page,
      "GET",
      `/api/sessions/${sessionId}/stories/window?around=${storyId}&limit=1&before=0`,
    );
    endsAt = Date.parse(read.body.stories[0]?.timerEndsAt ?? "");
    return !Number.isNaN(endsAt);
  });
  return endsAt;
}

/**
 * Records, from the first moment of each page, whether "Reconnecting..." or "Voting disabled -
 * session owner not present" ever appeared, however briefly (a MutationObserver on the document).
 */
async function watchForAlarms(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen = { reconnecting: false, ownerAbsent: false };
    (globalThis as { __alarms?: typeof seen }).__alarms = seen;
    const check = () => {
      if (document.querySelector("[data-testid=connection-reconnecting]")) seen.reconnecting = true;
      if (document.querySelector("[data-testid=voting-disabled]")) seen.ownerAbsent = true;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  });
}
const alarms = (page: Page) =>
  page.evaluate(() => (globalThis as { __alarms?: { reconnecting: boolean; ownerAbsent: boolean } }).__alarms);

describe("a join in a big session (issue #22 section 1)", () => {
  it("disturbs nobody: no reconnecting leader, and the owner is never shown absent", async () => {
    const leaderContext = await e2e.newContext({ width: 1366, height: 768 });
    await watchForAlarms(leaderContext);
    const leader = await leaderContext.newPage();
    people += 1;
    await registerThroughForm(leader, e2e.server.url, "Bea", `bea${people}@example.com`);
    const { id } = await sessionWith(leader, "All of Mesos", mesos());
    await leader.goto(`${e2e.server.url}/session/${id}`);
    await leader.getByTestId("live-badge").waitFor();
    await waitUntil(
      "1,680 stories",
      async () => (await leader.getByTestId("story-queue-count").textContent()) === "1680 stories",
    );
    const guestContext = await e2e.newContext({ width: 390, height: 844 });
    await watchForAlarms(guestContext);
    const guest = await guestContext.newPage();
    await guestJoins(guest, id, "Gus");
    await waitForCount(leader.locator('[data-testid^="participant-"][data-voted]'), 2);
    await guest.getByTestId("deck-card-5").click();
    await leader.locator('[data-testid^="participant-"][data-voted="true"]').first().waitFor();
    expect(await alarms(leader)).toEqual({ reconnecting: false, ownerAbsent: false });
    expect(await alarms(guest)).toEqual({ reconnecting: false, ownerAbsent: false });
  });
});

/** Fails unless the element is wholly inside the window without scrolling. */
async function expectOnScreen(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect({ what, scrolled }).toEqual({ what, scrolled: 0 });
  expect({ what, box: box !== null }).toEqual({ what, box: true });
  if (!box || !size) return;
  expect({ what, top: box.y >= 0, bottom: box.y + box.height <= size.height + 0.5 }).toEqual({
    what,
    top: true,
    bottom: true,
  });
}

const LEADER_OPEN = [
  "reveal-button",
  "skip-story-button",
  "new-round-button",
  "final-points-select",
  "timer-preset-60",
];
const LEADER_REVEALED = ["next-story-button", "skip-story-button", "new-round-button", "final-points-select"];
const RESULTS = ["average-points", "vote-distribution", "consensus-label"];

describe.each([
  { width: 1366, height: 768, colorScheme: "light" as const },
  { width: 390, height: 844, colorScheme: "dark" as const },
  { width: 1366, height: 768, colorScheme: "dark" as const },
  { width: 390, height: 844, colorScheme: "light" as const },
])("one screen for the round at $width x $height, $colorScheme (issue #22 section 2)", (view) => {
  it("keeps the leader's actions, the deck and, after the reveal, the results on screen at every step", async () => {
    const leader = await registered("Lea", view);
    const { id, stories } = await sessionWith(leader, "One screen", mesos(5));
    await leader.goto(`${e2e.server.url}/session/${id}`);
    const guest = await e2e.newPage(view);
    await guestJoins(guest, id, "Gus the Guest");
    for (const story of stories.slice(0, 2)) {
      await waitForTitle(leader, story.title);
      await waitForTitle(guest, story.title);
      for (const testId of LEADER_OPEN) await expectOnScreen(leader, leader.getByTestId(testId), testId);
      for (const page of [leader, guest]) await expectOnScreen(page, page.getByTestId("deck-card-?"), "deck");
      await guest.getByTestId("deck-card-5").click();
      await expectOnScreen(guest, guest.getByTestId("deck-card-5"), "guest's deck after voting");
      await leader.getByTestId("deck-card-8").click();
      await leader.getByTestId("reveal-button").click();
      for (const page of [leader, guest]) {
        await page.getByTestId("vote-distribution").waitFor();
        for (const testId of RESULTS) await expectOnScreen(page, page.getByTestId(testId), `results: ${testId}`);
        for (const tile of await page.locator('[data-testid^="participant-"][data-voted]').all()) {
          await expectOnScreen(page, tile, "who voted what");
        }
      }
      for (const testId of LEADER_REVEALED) await expectOnScreen(leader, leader.getByTestId(testId), testId);
      if (story === stories[0]) {
        await snap(leader, `issue22-round-${view.width}-${view.colorScheme}-leader`);
        await snap(guest, `issue22-round-${view.width}-${view.colorScheme}-guest`);
        const findings = [...(await axeScan(leader, "leader")).blocking, ...(await axeScan(guest, "guest")).blocking];
        expect(findings).toEqual([]);
      }
      await leader.getByTestId("next-story-button").click();
    }
  });
});

describe("the Story Queue (issue #22 section 2)", () => {
  it("shows 30 characters of a title at 1366 px, collapses, reorders by keyboard and mouse, and estimates now", async () => {
    const leader = await registered("Qin", { width: 1366, height: 768 });
    const { id, stories } = await sessionWith(leader, "Queue", mesos(6));
    await leader.goto(`${e2e.server.url}/session/${id}`);
    const guest = await e2e.newPage({ width: 1366, height: 768 });
    await guestJoins(guest, id, "Gus");
    const rowTitle = (page: Page, storyId: string) =>
      page.getByTestId(`story-row-${storyId}`).getByTestId("queue-row-title");

    // At least the first 30 characters of a long title fit (the whole title on hover).
    const long = stories.find((s) => s.title.length > 40) as StoryView;
    const fits = await rowTitle(leader, long.id).evaluate(
      (el, text) => {
        const probe = el.cloneNode() as HTMLElement;
        probe.textContent = text;
        probe.style.cssText = "position:absolute;visibility:hidden;width:auto;max-width:none";
        el.parentElement?.appendChild(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        return el.getBoundingClientRect().width >= needed;
      },
      long.title.slice(0, 30),
    );
    expect(fits).toBe(true);
    expect(await leader.getByTestId(`story-row-${long.id}`).getAttribute("title")).toBe(long.title);

    // Collapse, kept across a reload.
    await leader.getByTestId("story-queue-toggle").click();
    await leader.getByTestId("story-search").waitFor({ state: "hidden" });
    await leader.reload();
    await leader.getByTestId("story-queue-toggle").waitFor();
    expect(await leader.getByTestId("story-queue").getAttribute("data-collapsed")).toBe("true");
    await leader.getByTestId("story-queue-toggle").click();

    // Keyboard drag and drop (dnd-kit): the last story picked up by its handle, two places up.
    const queueTitles = (page: Page) => page.locator("[data-testid=queue-row-title]").allTextContents();
    const [s0, s1, s2, s3, s4, s5] = stories as [StoryView, StoryView, StoryView, StoryView, StoryView, StoryView];
    const handle = leader.getByTestId(`story-row-${s5.id}`).locator("..").getByTestId("story-drag-handle");
    // dnd-kit measures the rows once a drag starts, and moves by what it measured: each key waits
    // for the drag to be on (aria-pressed) and for two frames to be painted after the one before.
    const painted = () =>
      leader.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await handle.focus();
    await leader.keyboard.press("Space");
    await leader.locator("[data-testid=story-drag-handle][aria-pressed=true]").waitFor();
    await painted();
    await leader.keyboard.press("ArrowUp");
    await painted();
    await leader.keyboard.press("ArrowUp");
    await painted();
    await leader.keyboard.press("Space");
    const expected = [s0, s1, s2, s5, s3, s4].map((s) => s.title);
    await waitUntil(
      "the leader's queue shows the keyboard move",
      async () => JSON.stringify(await queueTitles(leader)) === JSON.stringify(expected),
    );
    await waitUntil(
      "the guest sees the keyboard move",
      async () => JSON.stringify(await queueTitles(guest)) === JSON.stringify(expected),
    );
    // Mouse: the second story dropped on the first's place.
    await dragRow(
      leader,
      leader.getByTestId(`story-row-${s1.id}`).locator("..").getByTestId("story-drag-handle"),
      leader.getByTestId(`story-row-${s0.id}`).locator(".."),
    );
    const dragged = [s1, s0, s2, s5, s3, s4].map((s) => s.title);
    await waitUntil(
      "the guest sees the drag",
      async () => JSON.stringify(await queueTitles(guest)) === JSON.stringify(dragged),
    );

    // Estimate now: the group moves to that story.
    await leader.getByTestId(`story-row-${s2.id}`).locator("..").getByTestId("story-estimate-now").click();
    await waitForTitle(guest, s2.title);

    // A story added by hand goes right after the current story.
    await leader.getByTestId("add-story-button").click();
    await leader.getByTestId("story-title-input").fill("Added during the meeting");
    await leader.getByTestId("story-submit").click();
    const withAdded = [s1, s0, s2, s5, s3, s4].map((s) => s.title);
    withAdded.splice(3, 0, "Added during the meeting");
    await waitUntil("the added story after the current one", async () => {
      return JSON.stringify(await queueTitles(guest)) === JSON.stringify(withAdded);
    });
    await snap(leader, "issue22-queue");
  });
});
