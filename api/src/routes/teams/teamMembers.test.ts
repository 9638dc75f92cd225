import type { TeamInviteResult, TeamMemberView, TeamView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildUser, type TestUser } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * Team administration (issue #11 section 1; spec part 2 sections 6-7): who may edit the team,
 * invite, change roles and remove, attacker/victim, and never oneself nor the owner.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface TeamScenario {
  team: TeamView;
  owner: TestUser;
  admin: TestUser;
  moderator: TestUser;
  member: TestUser;
}

/** A team whose owner added an admin, a moderator and a member (existing accounts: `added`). */
async function buildTeam(name = "Platform"): Promise<TeamScenario> {
  const owner = await buildUser(server.url, { firstName: "Olga" });
  const team = (await owner.client.post<TeamView>("/api/teams", { name })).body;
  const people: Record<string, TestUser> = {};
  for (const role of ["admin", "moderator", "member"] as const) {
    const user = await buildUser(server.url, { firstName: role });
    const res = await owner.client.post<TeamInviteResult>(`/api/teams/${team.id}/invite`, { email: user.email, role });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "added" });
    people[role] = user;
  }
  return {
    team,
    owner,
    admin: people.admin as TestUser,
    moderator: people.moderator as TestUser,
    member: people.member as TestUser,
  };
}

const rolesOf = async (client: ApiClient, teamId: string) =>
  Object.fromEntries(
    (await client.get<TeamMemberView[]>(`/api/teams/${teamId}/members`)).body.map((m) => [m.user.firstName, m.role]),
  );

describe("GET and PATCH /api/teams/{id}", () => {
  it("lets the owner alone edit name and description", async () => {
    const { team, owner, admin, member } = await buildTeam();
    expect((await member.client.get<TeamView>(`/api/teams/${team.id}`)).body.name).toBe("Platform");
    const ok = await owner.client.patch<TeamView>(`/api/teams/${team.id}`, { name: " Core ", description: "Payments" });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: team.id, name: "Core", description: "Payments" });
    const onlyDescription = await owner.client.patch<TeamView>(`/api/teams/${team.id}`, { description: "" });
    expect(onlyDescription.body).toMatchObject({ name: "Core", description: null });
    for (const who of [admin, member]) {
      const denied = await who.client.patch<{ code: string }>(`/api/teams/${team.id}`, { name: "Mine" });
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe("PERMISSION_DENIED");
    }
    expect((await owner.client.get<TeamView>(`/api/teams/${team.id}`)).body.name).toBe("Core");
  });

  it("answers 400, 404, 409 and 403 to outsiders", async () => {
    const { team, owner } = await buildTeam();
    expect((await owner.client.patch(`/api/teams/${team.id}`, {})).status).toBe(400);
    expect((await owner.client.patch(`/api/teams/${team.id}`, { name: "" })).status).toBe(400);
    expect((await owner.client.patch(`/api/teams/${team.id}`, { name: "x".repeat(101) })).status).toBe(400);
    expect((await owner.client.patch("/api/teams/00000000-0000-4000-8000-000000000000", { name: "A" })).status).toBe(
      404,
    );
    await owner.client.post("/api/teams", { name: "Other" });
    const dup = await owner.client.patch<{ code: string }>(`/api/teams/${team.id}`, { name: "Other" });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("DUPLICATE_TEAM");
    const outsider = await buildUser(server.url);
    const denied = await outsider.client.patch<{ code: string }>(`/api/teams/${team.id}`, { name: "Mine" });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("TEAM_ACCESS_DENIED");
    expect((await outsider.client.get(`/api/teams/${team.id}`)).status).toBe(403);
    expect((await new ApiClient(server.url).patch(`/api/teams/${team.id}`, { name: "A" })).status).toBe(401);
  });
});

describe("POST /api/teams/{id}/invite", () => {
  it("adds an existing account at once, once", async () => {
    const { team, owner, admin } = await buildTeam();
    expect(await rolesOf(owner.client, team.id)).toEqual({
      Olga: "owner",
      admin: "admin",
      moderator: "moderator",
      member: "member",
    });
    const newcomer = await buildUser(server.url, { firstName: "Nina" });
    const byAdmin = await admin.client.post<TeamInviteResult>(`/api/teams/${team.id}/invite`, {
      email: newcomer.email.toUpperCase(),
    });
    expect(byAdmin.body).toEqual({ status: "added" });
    expect((await newcomer.client.get<TeamView[]>("/api/teams")).body.map((t) => t.id)).toEqual([team.id]);
    expect((await rolesOf(owner.client, team.id)).Nina).toBe("member");
    const again = await owner.client.post<{ code: string }>(`/api/teams/${team.id}/invite`, { email: newcomer.email });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("ALREADY_TEAM_MEMBER");
  });

  it("is for the owner and admins only, with valid e-mail and role", async () => {
    const { team, owner, moderator, member } = await buildTeam();
    const url = `/api/teams/${team.id}/invite`;
    for (const who of [moderator, member]) {
      const denied = await who.client.post<{ code: string }>(url, { email: "x@example.com", role: "member" });
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe("PERMISSION_DENIED");
    }
    const outsider = await buildUser(server.url);
    expect((await outsider.client.post<{ code: string }>(url, { email: "x@example.com" })).body.code).toBe(
      "TEAM_ACCESS_DENIED",
    );
    expect((await owner.client.post(url, { email: "not-an-email" })).status).toBe(400);
    expect((await owner.client.post(url, { email: "x@example.com", role: "owner" })).status).toBe(400);
    expect((await owner.client.post(url, {})).status).toBe(400);
    expect((await new ApiClient(server.url).post(url, { email: "x@example.com" })).status).toBe(401);
    expect(
      (await owner.client.post("/api/teams/00000000-0000-4000-8000-000000000000/invite", { email: "x@example.com" }))
        .status,
    ).toBe(404);
    const invitations = await owner.client.get<unknown[]>(`/api/teams/${team.id}/invitations`);
    expect(invitations.body).toEqual([]);
  });
});

describe("PATCH and DELETE /api/teams/{id}/members/{userId}", () => {
  it("lets the owner and admins change roles and remove members", async () => {
    const { team, owner, admin, moderator, member } = await buildTeam();
    const promoted = await admin.client.patch<TeamMemberView>(`/api/teams/${team.id}/members/${member.user.id}`, {
      role: "admin",
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ role: "admin", user: { id: member.user.id } });
    const demoted = await owner.client.patch<TeamMemberView>(`/api/teams/${team.id}/members/${admin.user.id}`, {
      role: "member",
    });
    expect(demoted.body.role).toBe("member");
    // The demoted admin lost the right at once.
    expect((await admin.client.delete(`/api/teams/${team.id}/members/${moderator.user.id}`)).status).toBe(403);
    const removed = await member.client.delete<{ userId: string }>(
      `/api/teams/${team.id}/members/${moderator.user.id}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.userId).toBe(moderator.user.id);
    expect((await moderator.client.get<{ code: string }>(`/api/teams/${team.id}`)).body.code).toBe(
      "TEAM_ACCESS_DENIED",
    );
    expect(await rolesOf(owner.client, team.id)).toEqual({ Olga: "owner", admin: "member", member: "admin" });
  });

  it("never touches oneself nor the owner; members and moderators may not", async () => {
    const { team, owner, admin, moderator, member } = await buildTeam();
    const path = (u: TestUser) => `/api/teams/${team.id}/members/${u.user.id}`;
    const cases: [TestUser, TestUser][] = [
      [admin, admin],
      [admin, owner],
      [owner, owner],
      [member, moderator],
      [moderator, member],
    ];
    for (const [actor, target] of cases) {
      const patch = await actor.client.patch<{ code: string }>(path(target), { role: "admin" });
      expect([patch.status, patch.body.code]).toEqual([403, "PERMISSION_DENIED"]);
      const del = await actor.client.delete<{ code: string }>(path(target));
      expect([del.status, del.body.code]).toEqual([403, "PERMISSION_DENIED"]);
    }
    expect(await rolesOf(owner.client, team.id)).toEqual({
      Olga: "owner",
      admin: "admin",
      moderator: "moderator",
      member: "member",
    });
  });

  it("answers 400, 404, 401 and 403 to an attacker from another team", async () => {
    const victim = await buildTeam("Victims");
    const attacker = await buildTeam("Attackers");
    const victimPath = `/api/teams/${victim.team.id}/members/${victim.member.user.id}`;
    expect((await victim.owner.client.patch(victimPath, { role: "owner" })).status).toBe(400);
    expect((await victim.owner.client.patch(victimPath, { role: "boss" })).status).toBe(400);
    expect((await victim.owner.client.patch(victimPath, {})).status).toBe(400);
    const stranger = `/api/teams/${victim.team.id}/members/${attacker.member.user.id}`;
    expect((await victim.owner.client.patch(stranger, { role: "admin" })).status).toBe(404);
    expect((await victim.owner.client.delete(stranger)).status).toBe(404);
    expect((await victim.owner.client.delete(`/api/teams/${victim.team.id}/members/not-a-uuid`)).status).toBe(404);
    // The attacker's own team's URL with the victim's member: not a member there, 404; the victim's URL: 403.
    const crossed = `/api/teams/${attacker.team.id}/members/${victim.member.user.id}`;
    expect((await attacker.owner.client.delete(crossed)).status).toBe(404);
    const patch = await attacker.owner.client.patch<{ code: string }>(victimPath, { role: "admin" });
    expect([patch.status, patch.body.code]).toEqual([403, "TEAM_ACCESS_DENIED"]);
    const del = await attacker.owner.client.delete<{ code: string }>(victimPath);
    expect([del.status, del.body.code]).toEqual([403, "TEAM_ACCESS_DENIED"]);
    expect((await new ApiClient(server.url).delete(victimPath)).status).toBe(401);
    expect((await rolesOf(victim.owner.client, victim.team.id)).member).toBe("member");
  });
});
