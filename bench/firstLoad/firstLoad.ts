/**
 * First-load benchmark (`npm run bench:firstload`): how much JavaScript the session page costs
 * a new visitor, and a returning one (issue #6 part 4).
 *
 * How: starts the built server (api/dist/server.js serving tab/dist; PGlite in a temporary
 * folder, NODE_ENV=development as `npm start` runs it), registers a leader and creates a
 * session with one story through the API, then drives Debian's Chromium (playwright-core) with
 * the HTTP cache enabled and records every response with the DevTools protocol:
 *
 * 1. leader, first load: a fresh browser profile holding only the sign-in cookie opens
 *    /session/:id;
 * 2. guest, first load: a fresh profile opens the share link /join/:id, joins by name and lands
 *    on /session/:id (the whole journey is counted);
 * 3. reveal: the leader votes and reveals through the API; the leader's open page shows the
 *    results (the chart), and whatever JavaScript that needs is recorded;
 * 4. leader, repeat visit: a new tab in the same profile (warm HTTP cache) opens the page again.
 *
 * Per JavaScript file: raw size (the built file), bytes of body on the wire (after
 * content-encoding, from Content-Length) and bytes transferred including headers (DevTools'
 * "transferred", Network.loadingFinished encodedDataLength; 0 when served from cache). Then the
 * built files alone: raw, gzip -9 and brotli q11 sizes of what the first load fetched, computed
 * here from tab/dist (so the figures do not depend on how the server compresses).
 *
 * 5. a big backlog (issue #22 section 3): the leader imports the 1,680 stories of mesos.csv and
 *    opens the session in a new profile, then a guest on a phone-sized window joins it. Printed:
 *    the API answers (body on the wire, compressed as the browser accepted), the WebSocket
 *    frames, the JavaScript, and the guest's time from the Join click to the deck on screen.
 *
 * Targets: first load <= 300 kB of compressed JavaScript (body bytes); repeat visit 0 bytes of
 * JavaScript transferred; the big session opened with <= 300 kB of API and WebSocket data; the
 * guest's deck within 2 s of Join. kB = 1,000 bytes, as DevTools counts. Exit code 1 when one is
 * missed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../../tests/e2e/browser";
import { shareCookies } from "../lib/browserCookies";
import { ApiClient, registerUser } from "../lib/http";
import { requireTabBuild, startServer, TAB_DIST } from "../lib/server";
import { table } from "../lib/stats";

/** Compressed JavaScript allowed on the session page's first load (bytes). */
const FIRST_LOAD_TARGET = 300_000;
/** API and WebSocket data allowed to open the 1,680-story session (bytes; issue #22 section 3). */
const BIG_SESSION_TARGET = 300_000;
/** From a guest's Join click to the deck on screen, on the big session (ms; issue #22 section 3). */
const JOIN_TO_DECK_TARGET_MS = 2_000;
/** The real backlog of the big session. */
const MESOS_CSV = path.resolve(__dirname, "../../../shared/data/storypoints/mesos.csv");
/** How long the network must stay quiet (no request in flight) before a phase ends (ms). */
const QUIET_MS = 1_000;

/** One response as the browser saw it. */
interface Fetched {
  url: string;
  status: number;
  encoding: string;
  fromCache: boolean;
  /** Answered 304 Not Modified (the cached copy was used after asking the server). */
  revalidated: boolean;
  /** Body bytes on the wire (Content-Length; 0 from cache or on 304). */
  body: number;
  /** Everything received for it, headers included (0 from cache). */
  transferred: number;
  done: boolean;
}

/** Records every response of one page through the DevTools protocol. */
class NetworkLog {
  readonly entries = new Map<string, Fetched>();
  /** Bytes of WebSocket payload received (frames are sent uncompressed: payload = wire, less framing). */
  wsReceived = 0;
  /** WebSocket frames received. */
  wsFrames = 0;

  private constructor() {}

  /** Starts recording `page` (before it navigates). */
  static async attach(context: BrowserContext, page: Page): Promise<NetworkLog> {
    const log = new NetworkLog();
    const cdp = await context.newCDPSession(page);
    cdp.on("Network.requestWillBeSent", (e) => {
      log.entries.set(e.requestId, {
        url: e.request.url,
        status: 0,
        encoding: "",
        fromCache: false,
        revalidated: false,
        body: 0,
        transferred: 0,
        done: false,
      });
    });
    cdp.on("Network.requestServedFromCache", (e) => {
      const entry = log.entries.get(e.requestId);
      if (entry) entry.fromCache = true;
    });
    cdp.on("Network.responseReceived", (e) => {
      const entry = log.entries.get(e.requestId);
      if (!entry) return;
      const header = (name: string) =>
        Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === name)?.[1] ?? "";
      entry.status = e.response.status;
      entry.encoding = header("content-encoding") || "identity";
      entry.fromCache ||= Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache);
      entry.body =
        entry.fromCache || entry.revalidated || entry.status === 304 ? 0 : Number(header("content-length") || 0);
    });
    // The status and headers as they came over the wire: a revalidated file (304) is reported
    // by responseReceived with the cached 200 and its headers.
    cdp.on("Network.responseReceivedExtraInfo", (e) => {
      const entry = log.entries.get(e.requestId);
      if (!entry || e.statusCode !== 304) return;
      entry.revalidated = true;
      entry.body = 0;
    });
    cdp.on("Network.loadingFinished", (e) => {
      const entry = log.entries.get(e.requestId);
      if (!entry) return;
      entry.transferred = entry.fromCache ? 0 : e.encodedDataLength;
      entry.done = true;
    });
    cdp.on("Network.webSocketFrameReceived", (e) => {
      log.wsReceived += Buffer.byteLength(e.response.payloadData);
      log.wsFrames += 1;
    });
    cdp.on("Network.loadingFailed", (e) => {
      const entry = log.entries.get(e.requestId);
      if (entry) entry.done = true;
    });
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
    return log;
  }

  /** Forgets what was recorded so far (the next phase starts from zero). */
  clear(): void {
    for (const [id, entry] of this.entries) if (entry.done) this.entries.delete(id);
  }

  /** JavaScript responses recorded so far. */
  scripts(): Fetched[] {
    return [...this.entries.values()].filter((e) => new URL(e.url).pathname.endsWith(".js"));
  }

  /** API responses recorded so far (paths under /api/). */
  api(): Fetched[] {
    return [...this.entries.values()].filter((e) => new URL(e.url).pathname.startsWith("/api/"));
  }

  /** The response for a page path (the HTML document), if any. */
  document(pathname: string): Fetched | undefined {
    return [...this.entries.values()].find((e) => new URL(e.url).pathname === pathname);
  }

  /** Resolves once nothing has been in flight for QUIET_MS (15 s at most). */
  async quiet(): Promise<void> {
    const deadline = Date.now() + 15_000;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      const busy = [...this.entries.values()].some((e) => !e.done && !e.url.startsWith("ws"));
      if (busy) quietSince = Date.now();
      else if (Date.now() - quietSince >= QUIET_MS) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** The built file behind an asset URL, or undefined for anything else. */
function builtFile(url: string): string | undefined {
  const file = path.join(TAB_DIST, new URL(url).pathname);
  return file.startsWith(TAB_DIST) && fs.existsSync(file) ? file : undefined;
}

/** Raw, gzip -9 and brotli q11 sizes of one built file (bytes). */
function builtSizes(file: string): { raw: number; gzip: number; brotli: number } {
  const buf = fs.readFileSync(file);
  const brotli = zlib.brotliCompressSync(buf, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
    },
  }).length;
  return { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length, brotli };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const rawSize = (url: string) => {
  const file = builtFile(url);
  return file ? fs.statSync(file).size : 0;
};

/** Prints one phase's JavaScript, file by file, and returns its totals. */
function report(title: string, scripts: Fetched[]): { raw: number; body: number; transferred: number } {
  const rows = scripts
    .map((s) => ({ ...s, name: new URL(s.url).pathname.replace(/^\/assets\//, ""), raw: rawSize(s.url) }))
    .sort((a, b) => b.raw - a.raw);
  const total = {
    raw: rows.reduce((a, r) => a + r.raw, 0),
    body: rows.reduce((a, r) => a + r.body, 0),
    transferred: rows.reduce((a, r) => a + r.transferred, 0),
  };
  console.log(`\n${title}: ${rows.length} JavaScript files`);
  console.log(
    table([
      ["file", "status", "encoding", "raw kB", "body kB", "transferred kB"],
      ...rows.map((r) => [
        r.name,
        r.fromCache ? "cache" : r.revalidated ? "304" : String(r.status),
        r.fromCache ? "-" : r.encoding,
        kb(r.raw),
        kb(r.body),
        kb(r.transferred),
      ]),
      ["total", "", "", kb(total.raw), kb(total.body), kb(total.transferred)],
    ]),
  );
  return total;
}

/** Sum of the built sizes of a list of asset URLs, as a table row. */
function builtRow(label: string, urls: string[]): string[] {
  const files = [...new Set(urls.map(builtFile).filter((f): f is string => f !== undefined))];
  const sum = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const s = builtSizes(file);
    sum.raw += s.raw;
    sum.gzip += s.gzip;
    sum.brotli += s.brotli;
  }
  return [label, String(files.length), kb(sum.raw), kb(sum.gzip), kb(sum.brotli)];
}

/** Opens a new tab in `context` that records its network from the start. */
async function openPage(context: BrowserContext): Promise<{ page: Page; log: NetworkLog }> {
  const page = await context.newPage();
  const log = await NetworkLog.attach(context, page);
  return { page, log };
}

/** What opening the big session cost (bytes; ms). */
interface BigSessionFigures {
  stories: number;
  api: number;
  ws: number;
  js: number;
  joinToDeckMs: number;
  guestApi: number;
  guestWs: number;
}

/**
 * Phase 5 (issue #22 section 3): the 1,680 stories of mesos.csv imported into a new session of a
 * new leader, opened by the leader in a fresh profile (1366 x 768), then joined by a guest on a
 * phone-sized window: the bytes of API answers (on the wire) and WebSocket frames each received,
 * the JavaScript, and the guest's time from the Join click to the deck.
 */
async function bigSession(browser: Browser, baseUrl: string): Promise<BigSessionFigures> {
  const leader = new ApiClient(baseUrl);
  await registerUser(leader, "bigsession");
  const session = await leader.post<{ id: string }>("/api/sessions", { title: "Mesos refinement" });
  const csv = fs.readFileSync(MESOS_CSV, "utf8");
  await leader.postText(`/api/sessions/${session.id}/stories/import`, csv, "text/csv");
  const stories = (await leader.request<{ total: number }>("GET", `/api/sessions/${session.id}/stories/window?limit=1`))
    .total;

  const leaderContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await shareCookies(leader, leaderContext, baseUrl);
  const opened = await openPage(leaderContext);
  await opened.page.goto(`${baseUrl}/session/${session.id}`);
  await opened.page.getByTestId("active-story-title").waitFor();
  await opened.page.locator('[data-testid^="deck-card-"]').first().waitFor();
  await opened.log.quiet();
  const api = opened.log.api();
  const js = opened.log.scripts();
  const sum = (list: Fetched[]) => list.reduce((a, e) => a + e.transferred, 0);
  console.log(`\nBig session: ${stories} stories of mesos.csv, opened by the leader (fresh profile)`);
  console.log(
    table([
      ["API answer", "status", "encoding", "transferred kB"],
      ...api.map((e) => [
        new URL(e.url).pathname.replace(session.id, ":id"),
        String(e.status),
        e.encoding,
        kb(e.transferred),
      ]),
      ["total API", "", "", kb(sum(api))],
      [`WebSocket (${opened.log.wsFrames} frames)`, "", "identity", kb(opened.log.wsReceived)],
      ["JavaScript", "", "", kb(sum(js))],
    ]),
  );

  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await openPage(guestContext);
  await guest.page.goto(`${baseUrl}/join/${session.id}`);
  await guest.page.getByTestId("join-name-input").fill("Gus on a phone");
  await guest.log.quiet();
  guest.log.clear();
  const clicked = Date.now();
  await guest.page.getByTestId("join-submit").click();
  await guest.page.locator('[data-testid^="deck-card-"]').first().waitFor();
  const joinToDeckMs = Date.now() - clicked;
  await guest.log.quiet();
  const figures = {
    stories,
    api: sum(api),
    ws: opened.log.wsReceived,
    js: sum(js),
    joinToDeckMs,
    guestApi: sum(guest.log.api()),
    guestWs: guest.log.wsReceived,
  };
  await leaderContext.close();
  await guestContext.close();
  return figures;
}

async function main(): Promise<void> {
  requireTabBuild();
  const server = await startServer("pglite");
  let browser: Browser | undefined;
  try {
    const leader = new ApiClient(server.baseUrl);
    await registerUser(leader, "firstload");
    const session = await leader.post<{ id: string }>("/api/sessions", { title: "First load" });
    const story = await leader.post<{ id: string }>(`/api/sessions/${session.id}/stories`, {
      title: "As a new user I want the session page to load fast",
    });
    const sessionPath = `/session/${session.id}`;

    browser = await launchChromium();

    // 1. The leader's first visit: empty cache, signed in.
    const leaderContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await shareCookies(leader, leaderContext, server.baseUrl);
    const first = await openPage(leaderContext);
    await first.page.goto(`${server.baseUrl}${sessionPath}`);
    await first.page.getByTestId("active-story-title").waitFor();
    await first.log.quiet();
    const firstScripts = first.log.scripts();
    const firstTotal = report("Leader, first load of /session/:id (empty cache)", firstScripts);

    // 2. A guest's first visit (before reveal): share link, join by name, the session page.
    const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await openPage(guestContext);
    await guest.page.goto(`${server.baseUrl}/join/${session.id}`);
    await guest.page.getByTestId("join-name-input").fill("Gus the Guest");
    await guest.page.getByTestId("join-submit").click();
    await guest.page.waitForURL(`${server.baseUrl}${sessionPath}`);
    await guest.page.getByTestId("active-story-title").waitFor();
    await guest.log.quiet();
    const guestScripts = guest.log.scripts();
    const guestTotal = report("Guest, first load: /join/:id, join, /session/:id (empty cache)", guestScripts);

    // 3. Reveal: what the results (the chart) add.
    first.log.clear();
    await leader.post("/api/votes", { storyId: story.id, points: 5 });
    await leader.post(`/api/stories/${story.id}/reveal-votes`, {});
    await first.page.getByTestId("vote-distribution").waitFor();
    await first.page.locator("[data-testid=vote-distribution] svg").first().waitFor();
    await first.log.quiet();
    const revealScripts = first.log.scripts();
    const revealTotal = report("Leader, after reveal (results shown)", revealScripts);

    // 4. The leader comes back: a new tab in the same profile (warm HTTP cache).
    const repeat = await openPage(leaderContext);
    await repeat.page.goto(`${server.baseUrl}${sessionPath}`);
    await repeat.page.getByTestId("vote-distribution").waitFor();
    await repeat.log.quiet();
    const repeatTotal = report("Leader, repeat visit (new tab, warm cache)", repeat.log.scripts());
    const doc = repeat.log.document(sessionPath);
    console.log(
      `  the page itself (${sessionPath}): ${doc?.revalidated ? "304" : (doc?.status ?? "?")}, ${kb(doc?.transferred ?? 0)} kB transferred`,
    );

    console.log("\nBuilt files (tab/dist) behind those requests, compressed here at maximum levels");
    console.log(
      table([
        ["what", "files", "raw kB", "gzip kB", "brotli kB"],
        builtRow(
          "leader first load",
          firstScripts.map((s) => s.url),
        ),
        builtRow(
          "added by reveal",
          revealScripts.map((s) => s.url),
        ),
        builtRow(
          "guest first load",
          guestScripts.map((s) => s.url),
        ),
        builtRow(
          "all of tab/dist/assets",
          fs
            .readdirSync(path.join(TAB_DIST, "assets"))
            .filter((f) => f.endsWith(".js"))
            .map((f) => `${server.baseUrl}/assets/${f}`),
        ),
      ]),
    );

    const big = await bigSession(browser, server.baseUrl);

    const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
    const firstOk = firstTotal.body <= FIRST_LOAD_TARGET && guestTotal.body <= FIRST_LOAD_TARGET;
    const repeatOk = repeatTotal.transferred === 0;
    console.log(
      [
        "",
        "Summary (kB = 1,000 bytes; compressed = body bytes on the wire)",
        `  leader first load: ${kb(firstTotal.raw)} kB raw, ${kb(firstTotal.body)} kB compressed JS`,
        `  guest first load:  ${kb(guestTotal.raw)} kB raw, ${kb(guestTotal.body)} kB compressed JS`,
        `  target <= ${kb(FIRST_LOAD_TARGET)} kB: ${verdict(firstOk)}`,
        `  reveal adds:       ${kb(revealTotal.raw)} kB raw, ${kb(revealTotal.body)} kB compressed JS`,
        `  repeat visit:      ${repeatTotal.transferred} bytes of JS transferred (target 0): ${verdict(repeatOk)}`,
        `  big session (${big.stories} stories) opened: API ${kb(big.api)} kB + WebSocket ${kb(big.ws)} kB = ${kb(big.api + big.ws)} kB (target <= ${kb(BIG_SESSION_TARGET)} kB): ${verdict(big.api + big.ws <= BIG_SESSION_TARGET)}; JS ${kb(big.js)} kB`,
        `  guest, Join to deck on the big session: ${big.joinToDeckMs} ms (target <= ${JOIN_TO_DECK_TARGET_MS} ms): ${verdict(big.joinToDeckMs <= JOIN_TO_DECK_TARGET_MS)}; API ${kb(big.guestApi)} kB, WebSocket ${kb(big.guestWs)} kB`,
        `  load average at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
      ].join("\n"),
    );
    if (!firstOk || !repeatOk || big.api + big.ws > BIG_SESSION_TARGET || big.joinToDeckMs > JOIN_TO_DECK_TARGET_MS) {
      process.exitCode = 1;
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
