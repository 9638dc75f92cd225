import type { Browser, BrowserContext, FrameLocator, Page } from "playwright-core";

/** What the fake Teams host tells the tab about itself (teams-js v2 `app.Context`, legacy shape). */
export interface TeamsHostOptions {
  /** Base URL of the Pointwise server serving the tab. */
  serverUrl: string;
  /** Path (and query) of the tab inside the host's iframe, e.g. `/teams/sidepanel`. */
  tabPath: string;
  frameContext: "content" | "sidePanel" | "meetingStage" | "settings";
  chatId: string;
  user: { id: string; displayName: string; tenantId: string };
  /** The SSO token `authentication.getAuthToken` returns; null makes it fail (a meeting guest). */
  token: string | null;
  theme?: "default" | "dark" | "contrast";
  viewport?: { width: number; height: number };
}

/** One fake Teams window: the host page, the tab's frame, and the host's record of calls. */
export interface TeamsHostWindow {
  context: BrowserContext;
  page: Page;
  tab: FrameLocator;
  /** Sends `themeChange` to the tab as Teams does when the user switches theme. */
  sendTheme(theme: "default" | "dark" | "contrast"): Promise<void>;
  /** Sends `settings.save` to the tab as Teams does when the user selects Save on a config page. */
  triggerSave(): Promise<void>;
  /** What the host recorded: stage shares, tab configs, validity, save results, calls by name. */
  state(): Promise<HostState>;
}

/** Calls the host answered or received, as recorded by the host page. */
export interface HostState {
  calls: string[];
  sharedToStage: string | null;
  savedConfig: { contentUrl?: string; websiteUrl?: string; entityId?: string; suggestedDisplayName?: string } | null;
  validity: boolean | null;
  saveResult: string | null;
}

/** The host page's script: answers the teams-js postMessage protocol for one iframe. */
function hostScript(): string {
  return `
  const cfg = JSON.parse(document.getElementById("cfg").textContent);
  const frame = document.getElementById("tab");
  window.hostState = { calls: [], sharedToStage: null, savedConfig: null, validity: null, saveResult: null };
  const runtime = {
    apiVersion: 4,
    hostVersionsInfo: { adaptiveCardSchemaVersion: { majorVersion: 1, minorVersion: 5 } },
    isLegacyTeams: false,
    supports: {
      appInitialization: {}, authentication: {}, meeting: {}, stageView: {}, teams: { fullTrust: {} },
      pages: { appButton: {}, backStack: {}, config: {}, fullTrust: {}, tabs: {} },
    },
  };
  const context = {
    frameContext: cfg.frameContext, chatId: cfg.chatId, meetingId: "meeting-" + cfg.chatId,
    userObjectId: cfg.user.id, userDisplayName: cfg.user.displayName, tid: cfg.user.tenantId,
    theme: cfg.theme, locale: "en-us", hostClientType: "web", hostName: "Teams", appSessionId: "e2e",
  };
  const reply = (msg, args) => frame.contentWindow.postMessage({ id: msg.id, uuidAsString: msg.uuidAsString, args }, "*");
  window.addEventListener("message", (event) => {
    if (event.source !== frame.contentWindow) return;
    const msg = event.data;
    if (!msg || typeof msg.func !== "string") return;
    const state = window.hostState;
    state.calls.push(msg.func);
    switch (msg.func) {
      case "initialize": return reply(msg, [cfg.frameContext, "web", JSON.stringify(runtime), "2.58.0"]);
      case "getContext": return reply(msg, [context]);
      case "authentication.getAuthToken":
        return cfg.token ? reply(msg, [true, cfg.token]) : reply(msg, [false, "CancelledByUser"]);
      case "meeting.getAppContentStageSharingCapabilities":
        return reply(msg, [null, { doesAppHaveSharePermission: cfg.frameContext === "sidePanel" }]);
      case "meeting.shareAppContentToStage": state.sharedToStage = msg.args[0]; return reply(msg, [null, true]);
      case "settings.setSettings": state.savedConfig = msg.args[0]; return reply(msg, [true]);
      case "settings.setValidityState": state.validity = msg.args[0]; return;
      case "settings.save.success": state.saveResult = "success"; return;
      case "settings.save.failure": state.saveResult = "failure: " + msg.args[0]; return;
      default: return;
    }
  });
  window.sendTheme = (theme) => frame.contentWindow.postMessage({ func: "themeChange", args: [theme] }, "*");
  window.triggerSave = () => frame.contentWindow.postMessage({ func: "settings.save", args: [{}] }, "*");
  frame.src = cfg.tabUrl;
  `;
}

function hostHtml(options: TeamsHostOptions): string {
  const cfg = { ...options, theme: options.theme ?? "default", tabUrl: options.serverUrl + options.tabPath };
  const json = JSON.stringify(cfg).replace(/</g, "\\u003c");
  return `<!doctype html><html><head><title>Fake Teams (${options.frameContext})</title>
<style>body{margin:0;font-family:sans-serif;background:#ebebeb}header{padding:6px 12px;background:#464775;color:#fff}
iframe{border:0;width:100%;height:calc(100vh - 32px);display:block}</style></head>
<body><header>Fake Teams host - ${options.frameContext} - ${options.user.displayName}</header>
<iframe id="tab" title="Pointwise" allow="clipboard-write"></iframe>
<script id="cfg" type="application/json">${json}</script><script>${hostScript()}</script></body></html>`;
}

/**
 * Opens a fake Teams window in a new browser context: a host page served (by Playwright) on the
 * Pointwise server's own origin, so teams-js accepts its messages, embedding the tab in an
 * iframe and answering initialize, getContext, getAuthToken, stage sharing and tab config.
 */
export async function openTeamsHost(browser: Browser, options: TeamsHostOptions): Promise<TeamsHostWindow> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 420, height: 1100 } });
  const hostUrl = `${options.serverUrl}/__fake-teams-host`;
  await context.route(hostUrl, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: hostHtml(options) }),
  );
  const page = await context.newPage();
  await page.goto(hostUrl);
  return {
    context,
    page,
    tab: page.frameLocator("#tab"),
    sendTheme: (theme) =>
      page.evaluate((t) => (window as unknown as { sendTheme(t: string): void }).sendTheme(t), theme),
    triggerSave: () => page.evaluate(() => (window as unknown as { triggerSave(): void }).triggerSave()),
    state: () => page.evaluate(() => (window as unknown as { hostState: HostState }).hostState),
  };
}
