import type { SessionView, VoteView } from "@pointwise/core/presented";
import type { Page } from "playwright-core";
import { buildSession, buildStory, buildUser, joinMember, type TestUser } from "../../api/src/testing/factories";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";

/**
 * Issue #8 sections 5 and 6 in real browsers: a vote while the socket is cut (Reconnecting...
 * within 2 s, the vote pending, then Back online and saved; refused with a message when the
 * round was revealed meanwhile); a dead connection that never closes noticed by the heartbeat;
 * archive and delete while people are in the session; emoji reactions floating for 3 s.
 */
const e2e = useBrowserAndServer();

/** A browser page signed in as `user` (the API client's cookies), at `path`. */
async function pageOf(
  user: TestUser | null,
  path: string,
  width = 1280,
  colorScheme: "light" | "dark" = "light",
): Promise<Page> {
  const context = await e2e.newContext({ width, colorScheme, user });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}${path}`);
  return page;
}

/** A session with one story, its leader and a member, both on the session screen with the Live badge. */
async function liveRoom(
  memberView: { width: number; colorScheme: "light" | "dark" } = { width: 1024, colorScheme: "light" },
) {
  const { session, leader } = await buildSession(e2e.server.url, { title: "Connection drill" });
  const story = await buildStory(leader, session.id, { title: "Flaky Wi-Fi" });
  const member = await buildUser(e2e.server.url, { firstName: "Mo", lastName: "Member" });
  await joinMember(member, session.id);
  const leaderPage = await pageOf(leader, `/session/${session.id}`);
  const memberPage = await pageOf(member, `/session/${session.id}`, memberView.width, memberView.colorScheme);
  for (const page of [leaderPage, memberPage]) await page.getByTestId("live-badge").waitFor();
  return { session, story, leader, member, leaderPage, memberPage };
}

const participationText = (page: Page) => page.getByTestId("participation-count").textContent();

async function votesOf(user: TestUser, sessionId: string): Promise<VoteView[]> {
  return (await user.client.get<VoteView[]>(`/api/sessions/${sessionId}/votes`)).body;
}

describe("connection and presence that tell the truth (issue #8 section 5)", () => {
  it("a vote while the connection is cut is pending, then saved once back online", async () => {
    // The member is on a phone in dark mode (the pending card and banners must fit there too).
    const { session, story, member, leader, leaderPage, memberPage } = await liveRoom({
      width: 390,
      colorScheme: "dark",
    });
    expect(await participationText(leaderPage)).toBe("0 of 2 voted");

    const cutAt = Date.now();
    await memberPage.context().setOffline(true);
    await memberPage.getByText("Reconnecting...").first().waitFor({ timeout: 2000 });
    const noticedMs = Date.now() - cutAt;
    console.log(`offline noticed after ${noticedMs} ms`);
    expect(noticedMs).toBeLessThanOrEqual(2000);
    // The Live badge and presence stop claiming live.
    expect(await memberPage.getByTestId("live-badge").count()).toBe(0);

    await memberPage.getByTestId("deck-card-5").click();
    await memberPage.getByText("Pending — will be sent when you're back online").waitFor();
    expect(await memberPage.getByTestId("deck-card-5").getAttribute("data-pending")).toBe("true");
    await snap(memberPage, "connection-01-pending-vote");
    await new Promise((r) => setTimeout(r, 500));
    expect(await participationText(leaderPage)).toBe("0 of 2 voted");
    expect(await votesOf(leader, session.id)).toEqual([]);

    await memberPage.context().setOffline(false);
    await memberPage.getByText("Back online").first().waitFor({ timeout: 10000 });
    await memberPage.getByTestId("live-badge").waitFor();
    await leaderPage.getByTestId("participation-count").filter({ hasText: "1 of 2 voted" }).waitFor();
    await memberPage.getByTestId("pending-vote").waitFor({ state: "detached" });
    expect(await memberPage.getByTestId("deck-card-5").getAttribute("aria-pressed")).toBe("true");
    const votes = await votesOf(member, session.id);
    expect(votes).toEqual([expect.objectContaining({ storyId: story.id, voterKey: `u:${member.user.id}`, points: 5 })]);
    await snap(memberPage, "connection-02-back-online");
  });

  it("a pending vote is refused with a message when the round was revealed meanwhile", async () => {
    const { session, leader, leaderPage, memberPage } = await liveRoom();
    await memberPage.context().setOffline(true);
    await memberPage.getByText("Reconnecting...").first().waitFor({ timeout: 2000 });
    await memberPage.getByTestId("deck-card-8").click();
    await memberPage.getByTestId("pending-vote").waitFor();

    await leaderPage.getByTestId("deck-card-3").click();
    await leaderPage.getByTestId("participation-count").filter({ hasText: "1 of 2 voted" }).waitFor();
    await leaderPage.getByTestId("reveal-button").click();
    await leaderPage.getByTestId("voting-locked").waitFor();

    await memberPage.context().setOffline(false);
    await memberPage.getByText("Back online").first().waitFor({ timeout: 10000 });
    await memberPage.getByText("Your vote was not sent").first().waitFor();
    await memberPage.getByText("The votes were revealed while you were offline.").first().waitFor();
    await memberPage.getByTestId("pending-vote").waitFor({ state: "detached" });
    await snap(memberPage, "connection-03-pending-refused");
    const votes = await votesOf(leader, session.id);
    expect(votes.map((v) => v.points)).toEqual([3]);
  });

  it("a dead connection that never closes is noticed by the heartbeat within 2 s", async () => {
    const { session, leader } = await buildSession(e2e.server.url, { title: "Silent cut" });
    await buildStory(leader, session.id);
    const context = await e2e.newContext({ user: leader });
    // A proxy for /ws that can swallow every frame both ways without closing anything.
    let blackhole = false;
    await context.routeWebSocket(/\/ws$/, (ws) => {
      const upstream = ws.connectToServer();
      ws.onMessage((message) => {
        if (!blackhole) upstream.send(message);
      });
      upstream.onMessage((message) => {
        if (!blackhole) ws.send(message);
      });
    });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/session/${session.id}`);
    await page.getByTestId("live-badge").waitFor();
    await new Promise((r) => setTimeout(r, 1500)); // the heartbeat keeps a quiet socket alive
    expect(await page.getByText("Reconnecting...").count()).toBe(0);

    const cutAt = Date.now();
    blackhole = true;
    await page.getByText("Reconnecting...").first().waitFor({ timeout: 2000 });
    const noticedMs = Date.now() - cutAt;
    console.log(`silent cut noticed after ${noticedMs} ms`);
    expect(noticedMs).toBeLessThanOrEqual(2000);
    blackhole = false;
    await page.getByText("Back online").first().waitFor({ timeout: 15000 });
    await page.getByTestId("live-badge").waitFor();
  });

  it("archive while a member and a guest are in the session: they are told at once, with a way back", async () => {
    const { session, leader, memberPage } = await liveRoom();
    const guestPage = await pageOf(null, `/join/${session.id}`, 390);
    await guestPage.getByTestId("join-name-input").fill("Gus the Guest");
    await guestPage.getByTestId("join-submit").click();
    await guestPage.waitForURL(`${e2e.server.url}/session/${session.id}`);
    await guestPage.getByTestId("live-badge").waitFor();

    expect((await leader.client.patch<SessionView>(`/api/sessions/${session.id}/archive`)).status).toBe(200);
    for (const page of [memberPage, guestPage]) {
      await page.getByText("This session was archived").waitFor({ timeout: 5000 });
    }
    await snap(guestPage, "connection-04-archived-guest-390");
    expect(await memberPage.getByTestId("session-gone-back").textContent()).toBe("Go to Dashboard");
    expect(await guestPage.getByTestId("session-gone-back").textContent()).toBe("Go to Home Page");
    await memberPage.getByTestId("session-gone-back").click();
    await memberPage.waitForURL(`${e2e.server.url}/`);
    await memberPage.getByTestId("create-session-button").first().waitFor();
  });

  it("delete while a member is in the session: 'This session was deleted' with a way back", async () => {
    const { session, leader, memberPage } = await liveRoom();
    expect((await leader.client.delete(`/api/sessions/${session.id}`)).status).toBe(200);
    await memberPage.getByText("This session was deleted").waitFor({ timeout: 5000 });
    await memberPage.getByTestId("session-gone-back").click();
    await memberPage.waitForURL(`${e2e.server.url}/`);
  });
});

describe("emoji reactions (issue #8 section 6)", () => {
  it("one browser sends 🎉, the other sees it float, then it is gone after about 3 s", async () => {
    const { leaderPage, memberPage } = await liveRoom();
    await memberPage.getByRole("button", { name: "React: Celebrate" }).click();
    const floating = leaderPage.locator('[data-testid="floating-reaction"][data-emoji="🎉"]');
    await floating.waitFor({ timeout: 2000 });
    const seenAt = Date.now();
    expect(await floating.textContent()).toContain("Mo Member");
    await snap(leaderPage, "connection-05-reaction");
    await floating.waitFor({ state: "detached", timeout: 5000 });
    const goneMs = Date.now() - seenAt;
    console.log(`reaction floated for about ${goneMs} ms`);
    expect(goneMs).toBeGreaterThan(2500);
    expect(goneMs).toBeLessThan(4500);
    // The sender sees its own reaction too.
    expect(await memberPage.locator('[data-testid="floating-reaction"]').count()).toBeLessThanOrEqual(1);
  });
});
