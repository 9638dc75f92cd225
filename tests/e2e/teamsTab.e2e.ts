import { randomUUID } from "node:crypto";
import type { FrameLocator } from "playwright-core";
import { type EntraStub, startEntraStub } from "../../api/src/testing/entraStub";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { openTeamsHost, type TeamsHostOptions, type TeamsHostWindow } from "./teams-host/teamsHostPage";

/**
 * Issue #3: the tab inside Microsoft Teams, against a fake Teams host page that answers the
 * teams-js postMessage protocol. Teams SSO signs two people in (bearer tokens signed by a
 * local Entra key stub); the leader starts the meeting's session from the side panel and
 * shares it to the stage; the member votes from the Adaptive Card preview, the leader from the
 * deck; the stage updates live through the votes and the reveal; a theme change turns the
 * member's panel dark; the configuration page creates and saves a tab; a guest without SSO
 * joins by name.
 */
const CHAT_ID = "19:meeting_e2eTeamsTab@thread.v2";

let stub: EntraStub;
const windows: TeamsHostWindow[] = [];

beforeAll(async () => {
  stub = await startEntraStub({ audienceHost: "pointwise.test" });
});
const e2e = useBrowserAndServer({
  env: () => ({ AAD_APP_CLIENT_ID: stub.clientId, ENTRA_JWKS_URL: stub.jwksUrl, PUBLIC_URL: "https://pointwise.test" }),
});
afterAll(async () => {
  for (const w of windows) await w.context.close().catch(() => undefined);
  await stub?.close();
});

/** A Teams person: SSO token (or none for a guest) and the host options for their window. */
async function person(name: string, sso: boolean) {
  const oid = randomUUID();
  const token = sso ? await stub.issueToken({ oid, name }) : null;
  return { user: { id: oid, displayName: name, tenantId: stub.tenantId }, token };
}

async function open(options: Omit<TeamsHostOptions, "serverUrl">): Promise<TeamsHostWindow> {
  const w = await openTeamsHost(e2e.browser, { serverUrl: e2e.server.url, ...options });
  windows.push(w);
  return w;
}

const text = (tab: FrameLocator, testId: string, value: string | RegExp) =>
  tab.getByTestId(testId).filter({ hasText: value }).first().waitFor({ timeout: 15000 });

async function providerBackground(tab: FrameLocator): Promise<string> {
  return tab
    .locator("[data-teams-theme]")
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

it("runs a meeting round in the Teams side panels and on the stage, signed in by Teams SSO", async () => {
  const lena = await person("Lena Leader", true);
  const mo = await person("Mo Member", true);

  // 1. SSO: the leader's side panel signs in with the Teams token; no session yet, so she starts one.
  const leader = await open({ tabPath: "/teams/sidepanel", frameContext: "sidePanel", chatId: CHAT_ID, ...lena });
  await text(leader.tab, "teams-user-name", "Signed in as Lena Leader");
  await leader.tab.getByTestId("teams-sidepanel").waitFor();
  await snap(leader.page, "teams-01-leader-sidepanel-start");
  await leader.tab.getByTestId("teams-sidepanel-create").click();
  await leader.tab.getByRole("button", { name: "Add Story" }).click();
  await leader.tab.getByTestId("story-title-input").fill("Export the sprint report as PDF");
  await leader.tab.getByTestId("story-submit").click();
  await text(leader.tab, "active-story-title", "Export the sprint report as PDF");
  // Bearer tokens only: the tab never got a sign-in cookie.
  expect((await leader.context.cookies()).map((c) => c.name)).not.toContain("pointwise.sid");
  const bound = await fetch(`${e2e.server.url}/api/meetings/${encodeURIComponent(CHAT_ID)}/session`);
  const { sessionId } = (await bound.json()) as { sessionId: string };
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

  // 2. The member's side panel finds the meeting's session and joins it as the SSO user.
  const member = await open({ tabPath: "/teams/sidepanel", frameContext: "sidePanel", chatId: CHAT_ID, ...mo });
  await text(member.tab, "teams-user-name", "Signed in as Mo Member");
  await text(member.tab, "active-story-title", "Export the sprint report as PDF");
  await text(leader.tab, "participation-count", "0 of 2 voted");

  // 3. Share to stage; the stage (frameContext meetingStage) opens the shared URL.
  await leader.tab.getByTestId("share-to-stage").click();
  const shared = await waitFor(
    () => leader.state(),
    (s) => s.sharedToStage !== null,
    "shareAppContentToStage",
  );
  expect(shared.sharedToStage).toBe(`${e2e.server.url}/teams/stage?sessionId=${sessionId}`);
  const stage = await open({
    tabPath: (shared.sharedToStage ?? "").slice(e2e.server.url.length),
    frameContext: "meetingStage",
    chatId: CHAT_ID,
    viewport: { width: 1280, height: 800 },
    ...lena,
  });
  await stage.tab.getByTestId("teams-stage").waitFor();
  await text(stage.tab, "active-story-title", "Export the sprint report as PDF");
  await text(stage.tab, "participation-count", "0 of 2 voted");

  // 4. Votes: the leader from the deck, the member from the Adaptive Card (adaptivecards DOM).
  await leader.tab.getByTestId("deck-card-5").click();
  await text(stage.tab, "participation-count", "1 of 2 voted");
  await member.tab.getByTestId("card-preview-toggle").click();
  const card = member.tab.locator('[data-testid="adaptive-card-preview"] .ac-adaptiveCard');
  await card.waitFor();
  await card.getByText("Export the sprint report as PDF").waitFor();
  await snap(member.page, "teams-02-member-card-preview");
  await card.getByRole("button", { name: "8", exact: true }).click();
  await text(stage.tab, "participation-count", "2 of 2 voted");
  await text(member.tab, "participation-count", "2 of 2 voted");
  await snap(stage.page, "teams-03-stage-all-voted");

  // 5. Reveal from the side panel; the stage shows the results live.
  await leader.tab.getByTestId("reveal-button").click();
  await stage.tab.getByTestId("consensus-label").waitFor({ timeout: 15000 });
  await text(stage.tab, "average-points", "6.5");
  await stage.tab.getByTestId("vote-distribution").waitFor();
  await text(member.tab, "average-points", "6.5");
  await snap(stage.page, "teams-04-stage-revealed");
  await snap(leader.page, "teams-05-leader-revealed");

  // 6. Theme: Teams switches to dark; the member's FluentProvider follows without a reload.
  const light = await providerBackground(member.tab);
  await member.sendTheme("dark");
  await member.tab.locator('[data-teams-theme="dark"]').first().waitFor();
  const dark = await providerBackground(member.tab);
  expect(light).toBe("rgb(255, 255, 255)");
  expect(dark).not.toBe(light);
  await snap(member.page, "teams-06-member-dark");

  // 7. A meeting guest without SSO joins by their Teams name and sees the session.
  const gus = await person("Gus Guest", false);
  const guest = await open({ tabPath: "/teams/sidepanel", frameContext: "sidePanel", chatId: CHAT_ID, ...gus });
  await text(guest.tab, "teams-user-name", "Guest: Gus Guest");
  await text(guest.tab, "active-story-title", "Export the sprint report as PDF");
  await text(stage.tab, "participation-count", /of 3 voted/);
  await snap(guest.page, "teams-07-guest-sidepanel");
});

it("configures a tab: creates a session bound to the meeting and saves the tab's URLs", async () => {
  const chatId = "19:meeting_e2eConfig@thread.v2";
  const owner = await person("Olga Organizer", true);
  const config = await open({
    tabPath: "/teams/config",
    frameContext: "settings",
    chatId,
    viewport: { width: 800, height: 700 },
    ...owner,
  });
  await text(config.tab, "teams-user-name", "Signed in as Olga Organizer");
  await config.tab.getByTestId("teams-config-create").click();
  await config.tab.getByTestId("teams-config-ready").waitFor();
  await waitFor(
    () => config.state(),
    (s) => s.validity === true,
    "setValidityState(true)",
  );
  await snap(config.page, "teams-08-config");
  await config.triggerSave();
  const saved = await waitFor(
    () => config.state(),
    (s) => s.saveResult !== null,
    "save result",
  );
  expect(saved.saveResult).toBe("success");
  const res = await fetch(`${e2e.server.url}/api/meetings/${encodeURIComponent(chatId)}/session`);
  const { sessionId } = (await res.json()) as { sessionId: string };
  expect(saved.savedConfig).toEqual({
    entityId: `pointwise-${sessionId}`,
    contentUrl: `${e2e.server.url}/teams/sidepanel?sessionId=${sessionId}`,
    websiteUrl: `${e2e.server.url}/session/${sessionId}`,
    suggestedDisplayName: "Pointwise",
  });
});
