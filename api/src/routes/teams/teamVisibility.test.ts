import type { ParticipantView, SessionView, TeamView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildUser, type TestUser } from "../../testing/factories";
import { buildTeam } from "../../testing/teamFactories";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket } from "../../testing/wsClient";

/**
 * Who reads a team (issue #22, `privateTeam`): private (the default) keeps the team and its
 * sessions list to its members, as before the setting existed; open lets any signed-in user read
 * both too, read only: members, invitations, audit, settings, deletion and live pushes stay the
 * members'. Every team view says the caller's role (`viewerRole`, null for such an outsider).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type ErrorBody = { code: string; message: string };
const UNKNOWN_TEAM = "00000000-0000-4000-8000-000000000000";

/** A team with one session of its owner's ("Sprint 9"), the team's `settings` applied. */
async function teamWithSession(overrides: Parameters<typeof buildTeam>[1] = {}) {
  const scenario = await buildTeam(server.url, overrides);
  const { session } = await buildSession(server.url, {
    leader: scenario.owner,
    teamId: scenario.team.id,
    title: "Sprint 9",
  });
  return { ...scenario, session };
}

/** Every member-only call of a team, as an outsider makes it: each must answer 403 TEAM_ACCESS_DENIED. */
async function memberOnlyCalls(outsider: TestUser, teamId: string) {
  const c = outsider.client;
  return {
    members: await c.get<ErrorBody>(`/api/teams/${teamId}/members`),
    invitations: await c.get<ErrorBody>(`/api/teams/${teamId}/invitations`),
    audit: await c.get<ErrorBody>(`/api/teams/${teamId}/audit`),
    settings: await c.patch<ErrorBody>(`/api/teams/${teamId}`, { settings: { privateTeam: true } }),
    rename: await c.patch<ErrorBody>(`/api/teams/${teamId}`, { name: "Taken over" }),
    invite: await c.post<ErrorBody>(`/api/teams/${teamId}/invite`, { email: "friend@example.com" }),
    delete: await c.delete<ErrorBody>(`/api/teams/${teamId}`),
  };
}

describe("a private team (the default)", () => {
  it("answers an outsider 403 TEAM_ACCESS_DENIED for the team and its sessions list", async () => {
    const { team } = await teamWithSession();
    expect(team.settings.privateTeam).toBe(true);
    const outsider = await buildUser(server.url);
    for (const path of [`/api/teams/${team.id}`, `/api/teams/${team.id}/sessions`]) {
      const res = await outsider.client.get<ErrorBody>(path);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("TEAM_ACCESS_DENIED");
    }
  });

  it("shows members the team with their role, and its sessions", async () => {
    const { team, owner, admin, member, session } = await teamWithSession();
    expect(team.viewerRole).toBe("owner");
    for (const [who, role] of [
      [owner, "owner"],
      [admin, "admin"],
      [member, "member"],
    ] as const) {
      const read = await who.client.get<TeamView>(`/api/teams/${team.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: team.id, viewerRole: role });
      const list = await who.client.get<SessionView[]>(`/api/teams/${team.id}/sessions`);
      expect(list.body.map((s) => s.id)).toEqual([session.id]);
    }
    const mine = await member.client.get<TeamView[]>("/api/teams");
    expect(mine.body.find((t) => t.id === team.id)?.viewerRole).toBe("member");
  });
});

describe("an open team (privateTeam off)", () => {
  it("lets any signed-in user read the team and its sessions, with viewerRole null", async () => {
    const { team, session } = await teamWithSession({ settings: { privateTeam: false } });
    const outsider = await buildUser(server.url);
    const read = await outsider.client.get<TeamView>(`/api/teams/${team.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: team.id, name: team.name, viewerRole: null });
    expect(read.body.settings.privateTeam).toBe(false);
    const list = await outsider.client.get<SessionView[]>(`/api/teams/${team.id}/sessions`);
    expect(list.status).toBe(200);
    expect(list.body.map((s) => [s.id, s.title])).toEqual([[session.id, "Sprint 9"]]);
    // Reading the team is not membership: the outsider's own teams list does not hold it.
    expect((await outsider.client.get<TeamView[]>("/api/teams")).body.map((t) => t.id)).not.toContain(team.id);
  });

  it("keeps members, invitations, audit, settings, the name and deletion from an outsider", async () => {
    const { team, owner } = await teamWithSession({ settings: { privateTeam: false, auditLog: true } });
    const outsider = await buildUser(server.url);
    const calls = await memberOnlyCalls(outsider, team.id);
    for (const [call, res] of Object.entries(calls)) {
      expect([call, res.status, res.body.code]).toEqual([call, 403, "TEAM_ACCESS_DENIED"]);
    }
    // Nothing changed.
    const after = await owner.client.get<TeamView>(`/api/teams/${team.id}`);
    expect(after.body).toMatchObject({ name: team.name, settings: { privateTeam: false } });
  });

  it("leaves members' roles as they were: a plain member still may not change settings", async () => {
    const { team, member } = await teamWithSession({ settings: { privateTeam: false } });
    const res = await member.client.patch<ErrorBody>(`/api/teams/${team.id}`, { settings: { privateTeam: true } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("PERMISSION_DENIED");
  });

  it("lets an outsider who found a session join it by its link, as any share-link visitor", async () => {
    const { team, session } = await teamWithSession({ settings: { privateTeam: false } });
    const outsider = await buildUser(server.url, { firstName: "Otto" });
    const [found] = (await outsider.client.get<SessionView[]>(`/api/teams/${team.id}/sessions`)).body;
    expect(found?.id).toBe(session.id);
    // Listed is not joined: the session itself is read after the join.
    expect((await outsider.client.get(`/api/sessions/${session.id}`)).status).toBe(403);
    const joined = await outsider.client.post<ParticipantView>(`/api/sessions/${session.id}/join`);
    expect(joined.status).toBe(201);
    expect((await outsider.client.get(`/api/sessions/${session.id}`)).status).toBe(200);
  });

  it("closes again to outsiders once the team is private again", async () => {
    const { team, owner } = await teamWithSession({ settings: { privateTeam: false } });
    const outsider = await buildUser(server.url);
    expect((await outsider.client.get(`/api/teams/${team.id}`)).status).toBe(200);
    const closed = await owner.client.patch<TeamView>(`/api/teams/${team.id}`, { settings: { privateTeam: true } });
    expect(closed.body).toMatchObject({ viewerRole: "owner", settings: { privateTeam: true } });
    expect((await outsider.client.get(`/api/teams/${team.id}`)).status).toBe(403);
    expect((await outsider.client.get(`/api/teams/${team.id}/sessions`)).status).toBe(403);
  });

  it("does not let an outsider watch the team live (watch_team stays members-only)", async () => {
    const { team, member } = await teamWithSession({ settings: { privateTeam: false } });
    const outsider = await buildUser(server.url);
    const ws = await openSocket(server.url, outsider.client);
    try {
      ws.send({ type: "watch_team", teamId: team.id });
      expect(await ws.next("error")).toMatchObject({ code: "TEAM_ACCESS_DENIED" });
    } finally {
      await ws.close();
    }
    const memberWs = await openSocket(server.url, member.client);
    try {
      memberWs.send({ type: "watch_team", teamId: team.id });
      await memberWs.next("ack", (m) => m.for === "watch_team");
    } finally {
      await memberWs.close();
    }
  });

  it("answers 401 signed out and 404 for an unknown team, open or not", async () => {
    const { team } = await teamWithSession({ settings: { privateTeam: false } });
    const anon = new ApiClient(server.url);
    expect((await anon.get(`/api/teams/${team.id}`)).status).toBe(401);
    expect((await anon.get(`/api/teams/${team.id}/sessions`)).status).toBe(401);
    const someone = await buildUser(server.url);
    expect((await someone.client.get(`/api/teams/${UNKNOWN_TEAM}`)).status).toBe(404);
    expect((await someone.client.get(`/api/teams/${UNKNOWN_TEAM}/sessions`)).status).toBe(404);
    expect((await someone.client.get("/api/teams/not-a-uuid")).status).toBe(404);
  });
});
