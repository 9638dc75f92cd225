import type { Browser, BrowserContext, Page } from "playwright-core";
import type { AppContext } from "../../api/src/context";
import type { TestUser } from "../../api/src/testing/factories";
import { startTestServer } from "../../api/src/testing/testServer";
import { startServerProcess } from "../support/serverProcess";
import { launchChromium } from "./browser";

/*
 * The server-and-browser hooks of the browser tests. Kept apart from ./browser.ts, which the
 * benchmarks (bench/) import outside Jest: no Jest hooks and no test server there.
 */

/** The window of a browser profile made by {@link useBrowserAndServer}: 1280 x 900, light, unless told. */
export interface PageOptions {
  width?: number;
  height?: number;
  colorScheme?: "light" | "dark";
  /** Signs the profile in as this user (the API client's cookies copied in). */
  user?: TestUser | null;
}

/**
 * The server a browser test file talks to: its base URL, and its application context when it
 * runs in the test's own process (`inProcess`), for the few tests that write to its database.
 */
export interface BrowserTestServer {
  url: string;
  ctx?: AppContext;
  close(): Promise<void>;
}

/** The test server and Chromium of one browser test file, and browser profiles closed after each test. */
export interface BrowserAndServer {
  /** The running test server (set in beforeAll). */
  readonly server: BrowserTestServer;
  /** The running Chromium (set in beforeAll). */
  readonly browser: Browser;
  /** A new browser profile, closed after the test (or after the file). */
  newContext(options?: PageOptions): Promise<BrowserContext>;
  /** A new tab in a new browser profile ({@link newContext}). */
  newPage(options?: PageOptions): Promise<Page>;
}

/** The settings the in-process test server (api/src/testing/testServer.ts) gives itself. */
const TEST_SERVER_ENV = {
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  AUTH_RATE_LIMIT_IP: "100000",
  AUTH_RATE_LIMIT_ACCOUNT: "100000",
  VOTE_RATE_PER_SECOND: "100000",
  VOTE_BURST: "100000",
};

/**
 * Starts the server of a browser test file: by default `node api/dist/server.js` in a process
 * of its own on an in-memory PGlite database (build it first: `npm run build:server`), as in
 * production. In the test's process the server would share its thread with Playwright, whose
 * work (e.g. turning an axe result into objects) blocked it for 1-3 s at a time on a loaded
 * machine: longer than the web app's 1.5 s heartbeat (issue #8 section 5), so browsers dropped
 * and reconnected mid-test. `inProcess` keeps the old way, with `ctx` for direct database writes.
 */
async function startBrowserTestServer(env: Record<string, string>, inProcess: boolean): Promise<BrowserTestServer> {
  if (inProcess) return startTestServer({ env });
  const child = await startServerProcess(null, { ...TEST_SERVER_ENV, ...env });
  return { url: child.url, close: () => child.stop() };
}

/**
 * Registers the hooks every browser test file needs: beforeAll starts a test server (with `env`
 * added to its environment; a function is called in beforeAll, after the file's earlier hooks;
 * `inProcess`: see startBrowserTestServer) and Chromium; afterEach closes the profiles made
 * during the test; afterAll closes what is left, Chromium and the server. Call it at the top of
 * the file.
 */
export function useBrowserAndServer(
  options: { env?: Record<string, string> | (() => Record<string, string>); inProcess?: boolean } = {},
): BrowserAndServer {
  let server: BrowserTestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const closeContexts = async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  };
  beforeAll(async () => {
    const env = typeof options.env === "function" ? options.env() : options.env;
    server = await startBrowserTestServer(env ?? {}, options.inProcess === true);
    browser = await launchChromium();
  });
  afterEach(closeContexts);
  afterAll(async () => {
    await closeContexts();
    await browser?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started yet (use it inside a test or hook)`);
    return value;
  };
  const self: BrowserAndServer = {
    get server() {
      return started(server, "the test server");
    },
    get browser() {
      return started(browser, "Chromium");
    },
    async newContext({ width = 1280, height = 900, colorScheme, user }: PageOptions = {}) {
      const context = await self.browser.newContext({
        viewport: { width, height },
        ...(colorScheme ? { colorScheme } : {}),
      });
      contexts.push(context);
      if (user) {
        const url = self.server.url;
        await context.addCookies([...user.client.cookies].map(([name, value]) => ({ name, value, url })));
      }
      return context;
    },
    async newPage(pageOptions?: PageOptions) {
      return (await self.newContext(pageOptions)).newPage();
    },
  };
  return self;
}
