import type { TeamInviteResult, TeamView } from "@pointwise/core/presented";
import { buildUser } from "../../api/src/testing/factories";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { E2E_PASSWORD } from "./pageApi";

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
  await page.getByText("Invitation Sent", { exact: true }).waitFor();
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

  // Settings tab: click-to-edit name; Delete Team is disabled.
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByTestId("team-name").click();
  await page.getByTestId("team-name-input").fill("Platform Core");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText("Team Updated", { exact: true }).waitFor();
  await page.getByRole("heading", { name: "Platform Core" }).waitFor();
  expect(await page.getByRole("button", { name: "Delete Team" }).isDisabled()).toBe(true);
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
