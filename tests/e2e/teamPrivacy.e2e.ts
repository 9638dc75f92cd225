import AxeBuilder from "@axe-core/playwright";
import type { TeamView } from "@pointwise/core/presented";
import type { Page } from "playwright-core";
import { buildSession, buildStory, buildUser } from "../../api/src/testing/factories";
import { settleAnimations, snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { pageApi, waitUntil } from "./pageApi";

/**
 * Issue #22, "Team privacy settings do nothing", in the browser: the owner turns anonymous
 * participants off and picks a retention with a "Team Updated" toast, and a reload keeps them; a
 * guest's join page then says the team does not allow anonymous participants; the audit log shows
 * who completed a story; the owner deletes the team through the confirm dialog, lands on the
 * dashboard, and the team's session still opens for its creator. Private team: a signed-in
 * outsider joins a private team's session by its link as before but gets the not-found view for
 * the team's pages; once the owner turns Private team off, the outsider reads the team's sessions
 * (no New Team Session) and joins one through its join page. Light, dark and 390 x 844, each
 * scanned with axe.
 */
const e2e = useBrowserAndServer();

/** Serious or critical axe violations (WCAG 2.x A/AA, as accessibility.e2e.ts scans), as lines. */
async function axeBlocking(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  await settleAnimations(page);
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .exclude("[data-tabster-dummy]")
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Opens the team's settings page on its Settings tab. */
async function openSettingsTab(page: Page, teamId: string): Promise<void> {
  await page.goto(`${e2e.server.url}/teams/${teamId}/settings`);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("switch", { name: /Allow anonymous participants/ }).waitFor();
}

it("team privacy settings are kept and enforced; the owner deletes the team and keeps its sessions", async () => {
  const owner = await buildUser(e2e.server.url, { firstName: "Olga", lastName: "Owner" });
  const team = (await owner.client.post<TeamView>("/api/teams", { name: "Payments" })).body;
  const { session } = await buildSession(e2e.server.url, { leader: owner, teamId: team.id, title: "Sprint 12" });

  // The owner turns anonymous participants off and picks a retention: each saved, with a toast.
  const page = await e2e.newPage({ user: owner, colorScheme: "light" });
  await openSettingsTab(page, team.id);
  const anonymous = page.getByRole("switch", { name: /Allow anonymous participants/ });
  expect(await anonymous.isChecked()).toBe(true);
  await anonymous.click();
  await page.getByText("Team Updated", { exact: true }).first().waitFor();
  await page.getByText("Guests can no longer join the team's sessions by name.").first().waitFor();
  await waitUntil("the switch shows off", async () => !(await anonymous.isChecked()));
  await page.getByRole("combobox", { name: "Data retention" }).click();
  await page.getByRole("option", { name: "3 months" }).click();
  await page.getByText("Ended team sessions are deleted after 3 months.").first().waitFor();

  // A reload reads them back.
  await openSettingsTab(page, team.id);
  expect(await page.getByRole("switch", { name: /Allow anonymous participants/ }).isChecked()).toBe(false);
  expect(await page.getByRole("switch", { name: /Private team/ }).isChecked()).toBe(true);
  await expect(page.getByRole("combobox", { name: "Data retention" }).textContent()).resolves.toContain("3 months");
  await snap(page, "team-privacy-01-settings-light");
  expect(await axeBlocking(page)).toEqual([]);

  // A guest can no longer join the team's session by name: the join page says why at once.
  const guest = await e2e.newPage();
  await guest.goto(`${e2e.server.url}/join/${session.id}`);
  await guest.getByText("This team does not allow anonymous participants.").waitFor();
  expect(await guest.getByTestId("join-name-input").count()).toBe(0);
  const refused = await pageApi<{ code: string; message: string }>(
    guest,
    "POST",
    `/api/sessions/${session.id}/join-anonymous`,
    { displayName: "Gus" },
  );
  expect(refused).toEqual({
    status: 403,
    body: { code: "PERMISSION_DENIED", message: "This team does not allow anonymous participants." },
  });
  await snap(guest, "team-privacy-02-join-refused");
  expect(await axeBlocking(guest)).toEqual([]);

  // The leader's share link says who it lets in now.
  await page.goto(`${e2e.server.url}/session/${session.id}`);
  await page.getByTestId("invite-button").click();
  // The panel says it once the session's join info is read.
  await page
    .getByTestId("share-link-who")
    .filter({ hasText: "this team does not allow anonymous participants" })
    .waitFor();
  await page.keyboard.press("Escape");
  await openSettingsTab(page, team.id);

  // The audit log: on, it shows who completed a story with which points.
  await page.getByRole("switch", { name: /audit log/ }).click();
  await page.getByText("No final points recorded yet.").waitFor();
  const story = await buildStory(owner, session.id, { title: "Refund flow" });
  await owner.client.post("/api/votes", { storyId: story.id, points: 8 });
  await owner.client.post(`/api/stories/${story.id}/reveal-votes`);
  await owner.client.patch(`/api/stories/${story.id}`, { status: "completed", finalPoints: 8 });
  await openSettingsTab(page, team.id);
  await page.getByText("Olga Owner completed “Refund flow” with 8 points").waitFor();

  // Dark theme and a phone: the same tab, scanned.
  const phone = await e2e.newPage({ user: owner, colorScheme: "dark", width: 390, height: 844 });
  await openSettingsTab(phone, team.id);
  await phone.getByText("Olga Owner completed “Refund flow” with 8 points").waitFor();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(phone, "team-privacy-03-settings-dark-phone");
  expect(await axeBlocking(phone)).toEqual([]);

  // The owner deletes the team through the confirm dialog and lands on the dashboard.
  await page.getByRole("button", { name: "Delete Team" }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByText(/Its sessions stay with the people who created them/).waitFor();
  await snap(page, "team-privacy-04-delete-confirm");
  expect(await axeBlocking(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Delete Team" }).click();
  await page.getByText("Team deleted", { exact: true }).waitFor();
  await page.waitForURL(`${e2e.server.url}/`);
  await page.getByRole("heading", { name: /Welcome/ }).waitFor();
  expect((await pageApi(page, "GET", `/api/teams/${team.id}`)).status).toBe(404);

  // The team's session still opens for its creator, outside any team.
  await page.goto(`${e2e.server.url}/session/${session.id}`);
  await expect(page.getByTestId("session-title").textContent()).resolves.toBe("Sprint 12");
  const after = await pageApi<{ teamId: string | null }>(page, "GET", `/api/sessions/${session.id}`);
  expect(after).toMatchObject({ status: 200, body: { teamId: null } });
  await snap(page, "team-privacy-05-session-kept");
});

it("private team keeps the team's pages to members and share links open; an open team lists its sessions to anyone signed in", async () => {
  const owner = await buildUser(e2e.server.url, { firstName: "Olga", lastName: "Owner" });
  const team = (await owner.client.post<TeamView>("/api/teams", { name: "Mobile" })).body;
  expect(team.settings.privateTeam).toBe(true);
  const { session } = await buildSession(e2e.server.url, { leader: owner, teamId: team.id, title: "Sprint 3" });
  const notFound = (page: Page) => page.getByRole("heading", { name: "Page Not Found" });

  // Private (the default): a signed-in outsider still joins the team's session with its share link...
  const pete = await buildUser(e2e.server.url, { firstName: "Pete" });
  const petePage = await e2e.newPage({ user: pete });
  await petePage.goto(`${e2e.server.url}/join/${session.id}`);
  await petePage.getByTestId("join-submit").click();
  await petePage.waitForURL(`${e2e.server.url}/session/${session.id}`);
  await expect(petePage.getByTestId("session-title").textContent()).resolves.toBe("Sprint 3");
  // ...but the team's pages are its members' alone.
  await petePage.goto(`${e2e.server.url}/teams/${team.id}/sessions`);
  await notFound(petePage).waitFor();

  // The owner opens the team: the switch says what it does, and the toast what changed.
  const page = await e2e.newPage({ user: owner, colorScheme: "light" });
  await openSettingsTab(page, team.id);
  const privateSwitch = page.getByRole("switch", { name: /^Private team/ });
  await expect(page.getByText(/^Private team — /).textContent()).resolves.toBe(
    "Private team — only members see this team and its sessions list. Turn off to let anyone signed in find its sessions.",
  );
  expect(await privateSwitch.isChecked()).toBe(true);
  await snap(page, "team-privacy-06-private-switch");
  await privateSwitch.click();
  await page.getByText("Anyone signed in can now see the team and find its sessions.").first().waitFor();
  await waitUntil("the switch shows off", async () => !(await privateSwitch.isChecked()));
  await snap(page, "team-privacy-07-open-team");

  // An outsider reads the open team's sessions, without New Team Session, and joins one.
  const nora = await buildUser(e2e.server.url, { firstName: "Nora" });
  const noraPage = await e2e.newPage({ user: nora, colorScheme: "dark" });
  await noraPage.goto(`${e2e.server.url}/teams/${team.id}/sessions`);
  await noraPage.getByRole("heading", { name: "Mobile Sessions" }).waitFor();
  await noraPage.getByTestId("team-open-note").waitFor();
  await noraPage.getByText("Sprint 3", { exact: true }).waitFor();
  expect(await noraPage.getByRole("button", { name: "New Team Session" }).count()).toBe(0);
  await snap(noraPage, "team-privacy-08-open-team-outsider-dark");
  expect(await axeBlocking(noraPage)).toEqual([]);
  // Members, invitations and settings stay the members': the settings page is not found.
  const members = await pageApi<{ code: string }>(noraPage, "GET", `/api/teams/${team.id}/members`);
  expect(members).toMatchObject({ status: 403, body: { code: "TEAM_ACCESS_DENIED" } });
  await noraPage.goto(`${e2e.server.url}/teams/${team.id}/settings`);
  await notFound(noraPage).waitFor();
  await noraPage.goto(`${e2e.server.url}/teams/${team.id}/sessions`);
  await noraPage.getByRole("button", { name: "Join Session" }).click();
  await noraPage.waitForURL(`${e2e.server.url}/join/${session.id}`);
  await noraPage.getByTestId("join-submit").click();
  await noraPage.waitForURL(`${e2e.server.url}/session/${session.id}`);
  await expect(noraPage.getByTestId("session-title").textContent()).resolves.toBe("Sprint 3");

  // Private again: the outsider's team page is not found once more (she stays in the session she joined).
  await privateSwitch.click();
  await page.getByText("Only members see the team and its sessions list.").first().waitFor();
  await noraPage.goto(`${e2e.server.url}/teams/${team.id}/sessions`);
  await notFound(noraPage).waitFor();
});
