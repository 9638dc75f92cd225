import type { TeamView } from "@pointwise/core/presented";
import { DEFAULT_TEAM_SETTINGS } from "@pointwise/core/teamSchemas";
import { ApiClient } from "../../testing/apiClient";
import { buildUser } from "../../testing/factories";
import { buildTeam } from "../../testing/teamFactories";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * Team privacy and compliance settings (issue #22): PATCH /api/teams/{id} {settings} for the
 * owner and admins, any subset, kept; every team view carries them; name and description stay
 * the owner's.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type ErrorBody = { code: string; message: string; errors?: Record<string, string[]> };

describe("team settings in every team view", () => {
  it("starts with the spec's defaults in POST, GET one and GET list", async () => {
    const owner = await buildUser(server.url);
    const created = await owner.client.post<TeamView>("/api/teams", { name: "Defaults" });
    expect(created.body.settings).toEqual({
      allowAnonymousParticipants: true,
      privateTeam: true,
      auditLog: false,
      dataRetention: "1_year",
    });
    expect(created.body.settings).toEqual(DEFAULT_TEAM_SETTINGS);
    const one = await owner.client.get<TeamView>(`/api/teams/${created.body.id}`);
    expect(one.body.settings).toEqual(DEFAULT_TEAM_SETTINGS);
    const list = await owner.client.get<TeamView[]>("/api/teams");
    expect(list.body.find((t) => t.id === created.body.id)?.settings).toEqual(DEFAULT_TEAM_SETTINGS);
  });
});

describe("PATCH /api/teams/{id} {settings}", () => {
  it("lets the owner change any subset; the rest stays, and a reload reads it back", async () => {
    const { team, owner, member } = await buildTeam(server.url);
    const first = await owner.client.patch<TeamView>(`/api/teams/${team.id}`, {
      settings: { allowAnonymousParticipants: false, dataRetention: "3_months" },
    });
    expect(first.status).toBe(200);
    expect(first.body.settings).toEqual({
      allowAnonymousParticipants: false,
      privateTeam: true,
      auditLog: false,
      dataRetention: "3_months",
    });
    const second = await owner.client.patch<TeamView>(`/api/teams/${team.id}`, { settings: { auditLog: true } });
    expect(second.body.settings).toEqual({
      allowAnonymousParticipants: false,
      privateTeam: true,
      auditLog: true,
      dataRetention: "3_months",
    });
    expect(second.body.name).toBe(team.name);
    // Every member reads the stored settings.
    const read = await member.client.get<TeamView>(`/api/teams/${team.id}`);
    expect(read.body.settings).toEqual(second.body.settings);
  });

  it("lets an admin change settings but not the name or the description", async () => {
    const { team, admin } = await buildTeam(server.url);
    const ok = await admin.client.patch<TeamView>(`/api/teams/${team.id}`, {
      settings: { privateTeam: false, dataRetention: "indefinite" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.settings).toMatchObject({ privateTeam: false, dataRetention: "indefinite" });
    for (const body of [{ name: "Mine" }, { description: "x" }, { name: "Mine", settings: { auditLog: true } }]) {
      const denied = await admin.client.patch<ErrorBody>(`/api/teams/${team.id}`, body);
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe("PERMISSION_DENIED");
    }
    const after = await admin.client.get<TeamView>(`/api/teams/${team.id}`);
    expect(after.body).toMatchObject({ name: team.name, settings: { auditLog: false } });
  });

  it("answers 403 PERMISSION_DENIED to moderators and members, TEAM_ACCESS_DENIED to outsiders", async () => {
    const { team, moderator, member } = await buildTeam(server.url);
    for (const who of [moderator, member]) {
      const denied = await who.client.patch<ErrorBody>(`/api/teams/${team.id}`, { settings: { auditLog: true } });
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe("PERMISSION_DENIED");
    }
    const outsider = await buildUser(server.url);
    const foreign = await outsider.client.patch<ErrorBody>(`/api/teams/${team.id}`, { settings: { auditLog: true } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("TEAM_ACCESS_DENIED");
    expect((await member.client.get<TeamView>(`/api/teams/${team.id}`)).body.settings.auditLog).toBe(false);
  });

  it("answers 401 without a sign-in and 404 for an unknown team", async () => {
    const { team, owner } = await buildTeam(server.url);
    const anon = await new ApiClient(server.url).patch<ErrorBody>(`/api/teams/${team.id}`, {
      settings: { auditLog: true },
    });
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe("UNAUTHORIZED");
    const unknown = await owner.client.patch("/api/teams/00000000-0000-4000-8000-000000000000", {
      settings: { auditLog: true },
    });
    expect(unknown.status).toBe(404);
  });

  it.each([
    ["an unknown retention", { dataRetention: "forever" }, "settings.dataRetention"],
    ["a string for a switch", { auditLog: "yes" }, "settings.auditLog"],
    ["an unknown setting", { retention: "1_year" }, "settings"],
    ["null for a switch", { privateTeam: null }, "settings.privateTeam"],
  ])("answers 400 VALIDATION_ERROR for %s", async (_name, settings, field) => {
    const { team, owner } = await buildTeam(server.url);
    const res = await owner.client.patch<ErrorBody>(`/api/teams/${team.id}`, { settings });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    expect(Object.keys(res.body.errors ?? {})).toContain(field);
    expect((await owner.client.get<TeamView>(`/api/teams/${team.id}`)).body.settings).toEqual(DEFAULT_TEAM_SETTINGS);
  });

  it("answers 400 'Nothing to update' for empty settings", async () => {
    const { team, owner } = await buildTeam(server.url);
    for (const body of [{ settings: {} }, { settings: { auditLog: undefined } }]) {
      const res = await owner.client.patch<ErrorBody>(`/api/teams/${team.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.errors?.name).toEqual(["Nothing to update"]);
    }
  });
});
