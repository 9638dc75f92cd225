import type { Browser, BrowserContext, Page } from "playwright-core";
import type { TestUser } from "../../api/src/testing/factories";
import { startTestServer, type TestServer } from "../../api/src/testing/testServer";
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

/** The test server and Chromium of one browser test file, and browser profiles closed after each test. */
export interface BrowserAndServer {
  /** The running test server (set in beforeAll). */
  readonly server: TestServer;
  /** The running Chromium (set in beforeAll). */
  readonly browser: Browser;
  /** A new browser profile, closed after the test (or after the file). */
  newContext(options?: PageOptions): Promise<BrowserContext>;
  /** A new tab in a new browser profile ({@link newContext}). */
  newPage(options?: PageOptions): Promise<Page>;
}

/**
 * Registers the hooks every browser test file needs: beforeAll starts a test server (with `env`
 * added to its environment; a function is called in beforeAll, after the file's earlier hooks) and Chromium; afterEach closes the profiles made during the test;
 * afterAll closes what is left, Chromium and the server. Call it at the top of the file.
 */
export function useBrowserAndServer(
  options: { env?: Record<string, string> | (() => Record<string, string>) } = {},
): BrowserAndServer {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const closeContexts = async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  };
  beforeAll(async () => {
    const env = typeof options.env === "function" ? options.env() : options.env;
    server = await startTestServer(env ? { env } : {});
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
