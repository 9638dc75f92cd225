import type { JoinInfo } from "@pointwise/core/joinInfo";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, joinGuest } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";

/** Issue #8 section 6: the join page reads a session's title and whether its link works. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("GET /api/sessions/:id/join-info", () => {
  it("answers id, title and status 'open' to anyone, signed out included, and nothing more", async () => {
    const { session } = await buildSession(server.url, { title: "Sprint 42 refinement" });
    const res = await new ApiClient(server.url).get<JoinInfo>(`/api/sessions/${session.id}/join-info`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: session.id, title: "Sprint 42 refinement", status: "open", anonymousAllowed: true });
  });

  it("says anonymousAllowed false for a session of a team that refuses guests (issue #22)", async () => {
    const { leader } = await buildSession(server.url);
    const team = (await leader.client.post<{ id: string }>("/api/teams", { name: "No guests" })).body;
    const { session } = await buildSession(server.url, { leader, teamId: team.id });
    const anon = new ApiClient(server.url);
    const before = await anon.get<JoinInfo>(`/api/sessions/${session.id}/join-info`);
    expect(before.body.anonymousAllowed).toBe(true);
    await leader.client.patch(`/api/teams/${team.id}`, { settings: { allowAnonymousParticipants: false } });
    const after = await anon.get<JoinInfo>(`/api/sessions/${session.id}/join-info`);
    expect(after.body).toEqual({ id: session.id, title: session.title, status: "open", anonymousAllowed: false });
  });

  it("answers a user of another session the same public fields (no participants, no stories)", async () => {
    const { session } = await buildSession(server.url, { title: "Victim's session" });
    const { leader: attacker } = await buildSession(server.url, { title: "Attacker's own" });
    const res = await attacker.client.get<Record<string, unknown>>(`/api/sessions/${session.id}/join-info`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["anonymousAllowed", "id", "status", "title"]);
  });

  it("says 'archived' for an archived session", async () => {
    const { leader, session } = await buildSession(server.url);
    expect((await leader.client.patch(`/api/sessions/${session.id}/archive`)).status).toBe(200);
    const res = await new ApiClient(server.url).get<JoinInfo>(`/api/sessions/${session.id}/join-info`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("archived");
  });

  it("says 'full' when maxParticipants is reached", async () => {
    const { leader, session } = await buildSession(server.url);
    expect((await leader.client.patch(`/api/sessions/${session.id}`, { maxParticipants: 2 })).status).toBe(200);
    await joinGuest(server.url, session.id, "Second seat");
    const res = await new ApiClient(server.url).get<JoinInfo>(`/api/sessions/${session.id}/join-info`);
    expect(res.body.status).toBe("full");
  });

  it("answers 404 'Invalid session' for a deleted, unknown or malformed id", async () => {
    const { leader, session } = await buildSession(server.url);
    expect((await leader.client.delete(`/api/sessions/${session.id}`)).status).toBe(200);
    const anon = new ApiClient(server.url);
    for (const id of [session.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid", "%27%20OR%201%3D1"]) {
      const res = await anon.get<{ code: string; message: string }>(`/api/sessions/${id}/join-info`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "NOT_FOUND", message: "Invalid session" });
    }
  });
});

describe("GET /api/sessions/:id/join-info rate limit", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { AUTH_RATE_LIMIT_IP: "3" } });
  });
  afterAll(() => limited.close());

  it("answers 429 RATE_LIMITED past AUTH_RATE_LIMIT_IP requests per IP, apart from sign-in's budget", async () => {
    const anon = new ApiClient(limited.url);
    const path = "/api/sessions/00000000-0000-4000-8000-000000000000/join-info";
    for (let i = 0; i < 3; i++) expect((await anon.get(path)).status).toBe(404);
    const res = await anon.get<{ code: string }>(path);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("RATE_LIMITED");
    // Sign-in's own budget is untouched: a registration still goes through.
    const register = await anon.post("/api/register", {
      email: "budget@example.com",
      firstName: "B",
      lastName: "U",
      password: "Estimate8Points",
      confirmPassword: "Estimate8Points",
    });
    expect(register.status).toBe(201);
  });
});
