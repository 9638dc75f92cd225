import type { TeamInviteResult, TeamView } from "@pointwise/core/presented";
import { buildUser } from "../../api/src/testing/factories";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { E2E_PASSWORD, pageApi, registerThroughForm, waitUntil } from "./pageApi";

/**
 * Issue #11 section 1, the team settings screen: the owner invites by e-mail (the link to copy),
 * changes a role and removes a member with the spec's toasts, edits the name; the invitee
 * registers from the link and lands in the team; a non-member gets the not-found view.
 */
const e2e = useBrowserAndServer();

it("team settings: invite, role change, removal, rename; the invitee registers from the link", async () => {
  const owner = await buildUser(e2e.server.url, { firstName: "Olga" });
  const team = (await owner.client.post<TeamView>("/api/teams", { name: "Platform" })).body;
  const member = await buildUser(e2e.server.url, { firstName: "Mia" });
  const leaver = await buildUser(e2e.server.url, { firstName: "Leo" });
  for (const who of [member, leaver]) {
    const res = await owner.client.post<TeamInviteResult>(`/api/teams/${team.id}/invite`, { email: who.email });
    expect(res.body.status).toBe("added");
  }

  const page = await e2e.newPage({ user: owner });
  await page.goto(`${e2e.server.url}/teams/${team.id}/settings`);
  const row = (id: string) => page.getByTestId(`team-member-${id}`);
  await expect(row(owner.user.id).getByTestId("role-badge").textContent()).resolves.toBe("Owner");
  await expect(row(member.user.id).getByTestId("role-badge").textContent()).resolves.toBe("Member");
  expect(
    await row(owner.user.id)
      .getByRole("button", { name: /Remove/ })
      .count(),
  ).toBe(0);

  // Invite an address without an account: the link to copy, and a pending invitation.
  await page.getByTestId("team-invite-open").click();
  await page.getByTestId("team-invite-email").fill("rea@example.com");
  await page.getByTestId("team-invite-submit").click();
  // No mail server here: nothing claims an e-mail went out; the link is there to share (issue #22).
  await page.getByText("Invitation Created", { exact: true }).waitFor();
  await page.getByText("No e-mail was sent: share this link with rea@example.com yourself.").waitFor();
  expect(await page.getByText("Invitation Sent", { exact: true }).count()).toBe(0);
  const link = await page.getByTestId("team-invite-link").inputValue();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await page.getByTestId("team-invite-submit").click(); // Done
  await page.getByRole("dialog").waitFor({ state: "detached" });
  await page.getByText("rea@example.com").waitFor();
  await snap(page, "team-settings-01-members");

  // Role selector offers member and admin.
  await row(member.user.id).getByRole("combobox").click();
  await page.getByRole("option", { name: "Admin" }).click();
  await page.getByText("Role Updated", { exact: true }).waitFor();
  await row(member.user.id).getByText("Admin", { exact: true }).first().waitFor();

  // Remove with confirm.
  await row(leaver.user.id)
    .getByRole("button", { name: /Remove/ })
    .click();
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await page.getByText("Member Removed", { exact: true }).waitFor();
  await row(leaver.user.id).waitFor({ state: "detached" });

  // Settings tab: click-to-edit name; the owner may delete the team (issue #22: teamPrivacy.e2e.ts).
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByTestId("team-name").click();
  await page.getByTestId("team-name-input").fill("Platform Core");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText("Team Updated", { exact: true }).waitFor();
  await page.getByRole("heading", { name: "Platform Core" }).waitFor();
  expect(await page.getByRole("button", { name: "Delete Team" }).isDisabled()).toBe(false);
  await snap(page, "team-settings-02-settings");

  // The invitee opens the link signed out, registers, and lands in the team.
  const invitee = await e2e.newPage();
  await invitee.goto(link);
  await invitee.getByRole("link", { name: "Register" }).click();
  await invitee.waitForURL(/\/register\?returnTo=/);
  await invitee.getByLabel("First name").fill("Rea");
  await invitee.getByLabel("Last name").fill("Newcomer");
  await invitee.getByLabel("Email").fill("rea@example.com");
  await invitee.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await invitee.getByLabel("Confirm password").fill(E2E_PASSWORD);
  await invitee.getByTestId("register-submit").click();
  await invitee.waitForURL(`${e2e.server.url}/teams/${team.id}/settings`);
  await invitee.getByRole("heading", { name: "Platform Core" }).waitFor();
  expect(await invitee.getByTestId("team-invite-open").count()).toBe(0);

  // The removed member now gets the not-found view, on both team pages.
  const removed = await e2e.newPage({ user: leaver });
  await removed.goto(`${e2e.server.url}/teams/${team.id}/settings`);
  await removed.getByText("Page Not Found").waitFor();
  await removed.goto(`${e2e.server.url}/teams/${team.id}/sessions`);
  await removed.getByText("Page Not Found").waitFor();

  // New Team Session opens the create dialog with the team chosen.
  await page.goto(`${e2e.server.url}/teams/${team.id}/sessions`);
  await page.getByRole("button", { name: "New Team Session" }).click();
  await expect(page.getByTestId("session-team-select").inputValue()).resolves.toBe(team.id);
});

it("team changes live: the invitee registers and sees the team; role change, removal and re-adding without reload", async () => {
  const owner = await buildUser(e2e.server.url, { firstName: "Otto" });
  const team = (await owner.client.post<TeamView>("/api/teams", { name: "Live Squad" })).body;
  const email = `mara-${Date.now()}@example.com`;

  // The owner invites an address without an account, by e-mail.
  const page = await e2e.newPage({ user: owner });
  await page.goto(`${e2e.server.url}/teams/${team.id}/settings`);
  await page.getByTestId("team-invite-open").click();
  await page.getByTestId("team-invite-email").fill(email);
  await page.getByTestId("team-invite-submit").click();
  await page.getByText("Invitation Created", { exact: true }).waitFor();
  await page.getByTestId("team-invite-submit").click(); // Done
  await page.getByRole("dialog").waitFor({ state: "detached" });

  // The member registers with that e-mail (not through the link) and sees the team.
  const memberPage = await e2e.newPage();
  await registerThroughForm(memberPage, e2e.server.url, "Mara", email);
  await memberPage.getByText("Live Squad").first().waitFor(); // the sidebar's teams
  const dashboard = await memberPage.context().newPage(); // the same member, on the dashboard
  await dashboard.goto(e2e.server.url);
  await dashboard.getByText("Live Squad").first().waitFor();
  await memberPage.goto(`${e2e.server.url}/teams/${team.id}/settings`);
  await memberPage.getByRole("heading", { name: "Live Squad" }).waitFor();
  const members = await pageApi<{ user: { id: string; email: string | null } }[]>(
    page,
    "GET",
    `/api/teams/${team.id}/members`,
  );
  const memberId = members.body?.find((m) => m.user.email === email)?.user.id ?? "";
  expect(memberId).not.toBe("");
  const ownRow = memberPage.getByTestId(`team-member-${memberId}`);
  await expect(ownRow.getByTestId("role-badge").textContent()).resolves.toBe("Member");

  // The owner makes them an admin: the member's open page shows it without reload.
  await page.reload();
  const row = page.getByTestId(`team-member-${memberId}`);
  await row.getByRole("combobox").click();
  await page.getByRole("option", { name: "Admin" }).click();
  await page.getByText("Role Updated", { exact: true }).waitFor();
  await waitUntil(
    "the member's page shows Admin",
    async () => (await ownRow.getByTestId("role-badge").textContent()) === "Admin",
  );
  await snap(memberPage, "team-settings-03-live-role");

  // The owner removes them: the member's page turns to the not-found view, the dashboard drops the team.
  await row.getByRole("button", { name: /Remove/ }).click();
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await page.getByText("Member Removed", { exact: true }).waitFor();
  await memberPage.getByText("Page Not Found").waitFor();
  await dashboard.getByText("Live Squad").waitFor({ state: "detached" });

  // Added again, now an existing account (added at once): the member's open dashboard, with no
  // team left to watch, shows the team and its session without reload (watch_my_teams).
  const teamSession = await owner.client.post("/api/sessions", { title: "Squad refinement", teamId: team.id });
  expect(teamSession.status).toBe(201);
  const again = await owner.client.post<TeamInviteResult>(`/api/teams/${team.id}/invite`, { email, role: "member" });
  expect(again.body).toEqual({ status: "added" });
  await dashboard.getByText("Live Squad").first().waitFor();
  await dashboard.getByText("Squad refinement").first().waitFor();
  await snap(dashboard, "team-settings-04-live-added");
});
