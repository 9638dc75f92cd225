/**
 * UI vote round trip with a small and a large backlog (`npm run bench:uivote`; issue #8
 * section 6, "Large backlogs").
 *
 * How: starts the built server (api/dist/server.js serving tab/dist, PGlite in a temporary
 * folder), and for each backlog size (15 and 1,500 stories by default) registers a leader and a
 * member through the API, creates a session, imports the stories as CSV (the first N records of
 * mesos.csv from ../shared/data/storypoints, real Jira descriptions) and lets the member join.
 * Debian's Chromium (playwright-core) opens the session page for both, each in its own profile
 * (1280 x 900). The leader then votes through the deck (a real click on card "5") and the
 * member's page watches the participation grid:
 *
 * - **other**: from the click until the member's page shows the leader's tile as voted (a
 *   MutationObserver sees `data-voted="true"`, then the next animation frame, i.e. painted);
 * - **own**: from the click until the leader's own tile shows the vote (same measure).
 *
 * Times are `performance.timeOrigin + performance.now()` in each page (one machine, one clock).
 * Between votes the leader retracts with `?` and both pages are waited for to show it. After
 * 3 warm-up votes, `--votes 20` (BENCH_VOTES) votes are measured; the median, p90 and max are
 * printed for each size, with the load average (`/proc/loadavg`) before and after.
 */
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { firstCsvRecords } from "../../api/src/testing/csvFixtures";
import { launchChromium } from "../../tests/e2e/browser";
import { shareCookies } from "../lib/browserCookies";
import { ApiClient, registerUser } from "../lib/http";
import { REPO_ROOT, requireTabBuild, startServer } from "../lib/server";
import { fmt, summarize, table } from "../lib/stats";

const MESOS_CSV = path.resolve(REPO_ROOT, "../shared/data/storypoints/mesos.csv");
const WARMUP = 3;

function option(name: string, env: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return (i >= 0 ? process.argv[i + 1] : undefined) ?? process.env[env] ?? fallback;
}

const SIZES = option("sizes", "BENCH_SIZES", "15,1500")
  .split(",")
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const VOTES = Number(option("votes", "BENCH_VOTES", "20"));

/** POST /api/sessions/:id/stories/import with a CSV body (the API client only sends JSON). */
async function importCsv(client: ApiClient, baseUrl: string, sessionId: string, csv: string): Promise<void> {
  const { csrfToken } = await client.request<{ csrfToken: string }>("GET", "/api/csrf-token");
  const res = await fetch(`${baseUrl}/api/sessions/${sessionId}/stories/import`, {
    method: "POST",
    headers: { cookie: client.cookieHeader(), "x-csrf-token": csrfToken, "content-type": "text/csv" },
    body: csv,
  });
  if (!res.ok) throw new Error(`import -> ${res.status} ${(await res.text()).slice(0, 300)}`);
}

/**
 * Arms `page` to resolve, with the page's clock time, once the tile of `voterKey` in the
 * participation grid has `data-voted` equal to `voted` and a frame was painted after it.
 */
function armTileWatch(page: Page, voterKey: string, voted: boolean): Promise<number> {
  // A string, not a function: tsx's transform would add helpers (__name) the page lacks.
  return page.evaluate(`new Promise((resolve) => {
    const selector = '[data-testid="participant-${voterKey}"]';
    const done = () => {
      const el = document.querySelector(selector);
      return el !== null && el.getAttribute("data-voted") === "${String(voted)}";
    };
    let observer = null;
    const finish = () => {
      if (observer) observer.disconnect();
      requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
    };
    if (done()) return finish();
    observer = new MutationObserver(() => { if (done()) finish(); });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-voted"] });
  })`);
}

/** Clicks a deck card and returns the page's clock time just before the click. */
function clickCard(page: Page, label: string): Promise<number> {
  return page.evaluate(`(() => {
    const button = document.querySelector('[data-testid="deck-card-${label}"]');
    if (!button) throw new Error("deck card ${label} not found");
    const t = performance.timeOrigin + performance.now();
    button.click();
    return t;
  })()`);
}

interface Figures {
  stories: number;
  other: number[];
  own: number[];
}

async function runSize(browser: Browser, baseUrl: string, stories: number): Promise<Figures> {
  const leader = new ApiClient(baseUrl);
  const leaderId = await registerUser(leader, `uivote${stories}`);
  const member = new ApiClient(baseUrl);
  await registerUser(member, `member${stories}`);
  const session = await leader.post<{ id: string }>("/api/sessions", { title: `UI vote, ${stories} stories` });
  await importCsv(leader, baseUrl, session.id, firstCsvRecords(MESOS_CSV, stories));
  await member.post(`/api/sessions/${session.id}/join`, {});
  const imported = await leader.request<unknown[]>("GET", `/api/sessions/${session.id}/stories`);
  if (imported.length !== stories) throw new Error(`expected ${stories} stories, got ${imported.length}`);

  const pages: Page[] = [];
  for (const client of [leader, member]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await shareCookies(client, context, baseUrl);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/session/${session.id}`);
    await page.getByTestId("live-badge").waitFor({ timeout: 60_000 });
    pages.push(page);
  }
  const [voter, watcher] = pages as [Page, Page];
  const key = `u:${leaderId}`;
  await voter.getByTestId("deck-card-5").waitFor();
  await watcher.locator(`[data-testid="participant-${key}"]`).waitFor();

  const figures: Figures = { stories, other: [], own: [] };
  for (let i = 0; i < WARMUP + VOTES; i++) {
    const other = armTileWatch(watcher, key, true);
    const own = armTileWatch(voter, key, true);
    const clicked = await clickCard(voter, "5");
    const [otherAt, ownAt] = await Promise.all([other, own]);
    if (i >= WARMUP) {
      figures.other.push(otherAt - clicked);
      figures.own.push(ownAt - clicked);
    }
    // Retract (the ? card) and wait until both pages show it, then let things settle.
    const otherBack = armTileWatch(watcher, key, false);
    const ownBack = armTileWatch(voter, key, false);
    await clickCard(voter, "?");
    await Promise.all([otherBack, ownBack]);
    await new Promise((r) => setTimeout(r, 150));
  }
  for (const page of pages) await page.context().close();
  return figures;
}

const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

async function main(): Promise<void> {
  requireTabBuild();
  const server = await startServer("pglite");
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const before = loadavg();
    const results: Figures[] = [];
    for (const size of SIZES) {
      results.push(await runSize(browser, server.baseUrl, size));
      const r = results.at(-1) as Figures;
      console.log(
        `${size} stories: other median ${fmt(summarize(r.other).p50)} ms, own ${fmt(summarize(r.own).p50)} ms`,
      );
    }
    console.log(`\nUI vote round trip (click on the deck -> voted tile painted), ${VOTES} votes per size`);
    const rows = results.flatMap((r) => {
      const o = summarize(r.other);
      const w = summarize(r.own);
      return [
        [String(r.stories), "other page", fmt(o.p50), fmt(o.p90), fmt(o.max)],
        [String(r.stories), "own page", fmt(w.p50), fmt(w.p90), fmt(w.max)],
      ];
    });
    console.log(table([["stories", "where", "median ms", "p90 ms", "max ms"], ...rows]));
    console.log(`load average before: ${before}; after: ${loadavg()} (${os.cpus().length} cores)`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
