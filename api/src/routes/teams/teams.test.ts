import type { TeamMemberView, TeamView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildUser } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("teams", () => {
  it("creates a team owned by its creator and lists its members", async () => {
    const me = await buildUser(server.url, { firstName: "Olga" });
    const res = await me.client.post<TeamView>("/api/teams", { name: " Platform ", description: "" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Platform", description: null, creatorId: me.user.id });
    expect((await me.client.get<TeamView[]>("/api/teams")).body.map((t) => t.name)).toEqual(["Platform"]);
    const members = await me.client.get<TeamMemberView[]>(`/api/teams/${res.body.id}/members`);
    expect(members.body).toEqual([
      expect.objectContaining({ role: "owner", user: expect.objectContaining({ firstName: "Olga" }) }),
    ]);
    expect((await me.client.get<TeamView>(`/api/teams/${res.body.id}`)).body.name).toBe("Platform");
  });

  it("validates names, refuses duplicates per creator, guards members", async () => {
    const me = await buildUser(server.url);
    const bad = await me.client.post<{ errors: Record<string, string[]> }>("/api/teams", {
      name: "",
      description: "d".repeat(501),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.name).toEqual(["Must be at least 1 character(s)"]);
    expect(bad.body.errors.description).toEqual(["Must be no more than 500 characters"]);
    const team = await me.client.post<TeamView>("/api/teams", { name: "Alpha" });
    const dup = await me.client.post<{ code: string }>("/api/teams", { name: "Alpha" });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("DUPLICATE_TEAM");
    const other = await buildUser(server.url);
    expect((await other.client.post("/api/teams", { name: "Alpha" })).status).toBe(201);
    const denied = await other.client.get<{ code: string }>(`/api/teams/${team.body.id}/members`);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("TEAM_ACCESS_DENIED");
    expect((await other.client.get(`/api/teams/${team.body.id}/sessions`)).status).toBe(403);
    expect((await me.client.get("/api/teams/00000000-0000-4000-8000-000000000000/members")).status).toBe(404);
    const anon = new ApiClient(server.url);
    expect((await anon.get("/api/teams")).status).toBe(401);
    expect((await anon.post("/api/teams", { name: "x" })).status).toBe(401);
    expect((await anon.get(`/api/teams/${team.body.id}/members`)).status).toBe(401);
  });
});
