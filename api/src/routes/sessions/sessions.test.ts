import type { SessionView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildStory, buildUser, joinGuest } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("POST /api/sessions", () => {
  it("creates a session led by its creator with defaults, deck, status and stats", async () => {
    const { leader, session } = await buildSession(server.url, { title: "  Sprint 42  " });
    expect(session).toMatchObject({
      title: "Sprint 42",
      description: null,
      creatorId: leader.user.id,
      leaderId: leader.user.id,
      estimationScale: "fibonacci",
      maxParticipants: 50,
      isActive: true,
      locked: false,
      archivedAt: null,
      status: "in_progress",
      stats: { totalStories: 0, totalPoints: 0, participantCount: 1 },
    });
    expect(session.deck.map((c) => c.label)).toEqual(["0", "½", "1", "2", "3", "5", "8", "13", "21", "?", "☕"]);
  });

  it("answers 401 when signed out", async () => {
    const res = await new ApiClient(server.url).post<{ code: string }>("/api/sessions", { title: "x" });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });

  it("validates with the spec's messages", async () => {
    const me = await buildUser(server.url);
    const res = await me.client.post<{ code: string; errors: Record<string, string[]> }>("/api/sessions", {
      title: "   ",
      description: "d".repeat(1001),
      estimationScale: "roman",
      maxParticipants: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    expect(res.body.errors.title).toEqual(["Must be at least 1 character(s)"]);
    expect(res.body.errors.description).toEqual(["Must be no more than 1000 characters"]);
    expect(res.body.errors.maxParticipants).toEqual(["Must have at least 2 participants"]);
    expect(res.body.errors.estimationScale).toBeDefined();
    const tooMany = await me.client.post<{ errors: Record<string, string[]> }>("/api/sessions", {
      title: "x",
      maxParticipants: 101,
    });
    expect(tooMany.body.errors.maxParticipants).toEqual(["Maximum 100 participants allowed"]);
    const long = await me.client.post<{ errors: Record<string, string[]> }>("/api/sessions", {
      title: "t".repeat(201),
    });
    expect(long.body.errors.title).toEqual(["Must be no more than 200 characters"]);
    expect((await me.client.get<SessionView[]>("/api/sessions")).body).toEqual([]);
  });

  it("treats 'no-team', 'no-jira' and an empty description as absent", async () => {
    const me = await buildUser(server.url);
    const res = await me.client.post<SessionView>("/api/sessions", {
      title: "x",
      description: "",
      teamId: "no-team",
      jiraProjectKey: "no-jira",
      estimationScale: "tshirt",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ description: null, teamId: null, jiraProjectKey: null });
    expect(res.body.deck.map((c) => c.label)).toEqual(["XS", "S", "M", "L", "XL", "XXL", "?", "☕"]);
  });

  it("allows 3 sessions on the free plan and frees a slot on delete", async () => {
    const me = await buildUser(server.url);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await buildSession(server.url, { leader: me })).session.id);
    const fourth = await me.client.post<Record<string, unknown>>("/api/sessions", { title: "one too many" });
    expect(fourth.status).toBe(403);
    expect(fourth.body).toMatchObject({
      code: "SUBSCRIPTION_LIMIT_REACHED",
      currentPlan: "free",
      limit: 3,
      currentSessions: 3,
    });
    const status = await me.client.get<Record<string, unknown>>("/api/subscription/status");
    expect(status.body).toMatchObject({ plan: "free", sessionsThisMonth: 3, sessionsOwned: 3, limit: 3 });
    expect((await me.client.delete(`/api/sessions/${ids[0]}`)).status).toBe(200);
    expect((await me.client.post("/api/sessions", { title: "fits again" })).status).toBe(201);
  });

  it("refuses a team the creator does not belong to", async () => {
    const owner = await buildUser(server.url);
    const team = await owner.client.post<{ id: string }>("/api/teams", { name: "Core" });
    const stranger = await buildUser(server.url);
    const res = await stranger.client.post<{ code: string }>("/api/sessions", { title: "x", teamId: team.body.id });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("TEAM_ACCESS_DENIED");
  });
});

describe("GET /api/sessions/:id and lists", () => {
  it("shows a session to members only: 401 signed out, 403 stranger, 404 unknown", async () => {
    const { leader, session } = await buildSession(server.url);
    expect((await leader.client.get(`/api/sessions/${session.id}`)).status).toBe(200);
    expect((await new ApiClient(server.url).get(`/api/sessions/${session.id}`)).status).toBe(401);
    const attacker = await buildUser(server.url);
    const denied = await attacker.client.get<{ code: string }>(`/api/sessions/${session.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("PERMISSION_DENIED");
    expect((await attacker.client.get<SessionView[]>("/api/sessions")).body).toEqual([]);
    const missing = await leader.client.get<{ code: string }>("/api/sessions/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("NOT_FOUND");
    expect((await leader.client.get("/api/sessions/not-a-uuid")).status).toBe(404);
  });

  it("lists the sessions a user created, joined or can see through a team", async () => {
    const owner = await buildUser(server.url);
    const team = await owner.client.post<{ id: string }>("/api/teams", { name: "Platform" });
    const { session } = await buildSession(server.url, { leader: owner, teamId: team.body.id });
    const list = await owner.client.get<SessionView[]>("/api/sessions");
    expect(list.body.map((s) => s.id)).toEqual([session.id]);
    expect((await owner.client.get<SessionView[]>(`/api/teams/${team.body.id}/sessions`)).body).toHaveLength(1);
    expect((await new ApiClient(server.url).get("/api/sessions")).status).toBe(401);
  });
});

describe("PATCH, archive, unarchive, DELETE", () => {
  it("lets only the creator or leader edit, archive and delete", async () => {
    const { leader, session } = await buildSession(server.url);
    const member = await buildUser(server.url);
    await member.client.post(`/api/sessions/${session.id}/join`);
    const guest = await joinGuest(server.url, session.id);
    for (const client of [member.client, guest.client]) {
      expect((await client.patch(`/api/sessions/${session.id}`, { title: "hijack" })).status).toBe(403);
      expect((await client.patch(`/api/sessions/${session.id}/archive`)).status).toBe(403);
      expect((await client.delete(`/api/sessions/${session.id}`)).status).toBe(403);
    }
    const anon = new ApiClient(server.url);
    expect((await anon.patch(`/api/sessions/${session.id}`, { title: "x" })).status).toBe(401);
    const bad = await leader.client.patch<{ errors: Record<string, string[]> }>(`/api/sessions/${session.id}`, {
      title: "",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.title).toEqual(["Must be at least 1 character(s)"]);
    const edited = await leader.client.patch<SessionView>(`/api/sessions/${session.id}`, {
      title: "Renamed",
      description: "",
      maxParticipants: 10,
      estimationScale: "powers",
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: "Renamed",
      description: null,
      maxParticipants: 10,
      estimationScale: "powers",
    });
  });

  it("archives (inactive, in the archived list) and restores", async () => {
    const { leader, session } = await buildSession(server.url);
    const archived = await leader.client.patch<SessionView>(`/api/sessions/${session.id}/archive`);
    expect(archived.body.isActive).toBe(false);
    expect(archived.body.archivedAt).not.toBeNull();
    expect((await leader.client.get<SessionView[]>("/api/sessions")).body.map((s) => s.id)).not.toContain(session.id);
    expect((await leader.client.get<SessionView[]>("/api/sessions/archived")).body.map((s) => s.id)).toEqual([
      session.id,
    ]);
    const restored = await leader.client.patch<SessionView>(`/api/sessions/${session.id}/unarchive`);
    expect(restored.body).toMatchObject({ isActive: true, archivedAt: null });
    expect((await new ApiClient(server.url).get("/api/sessions/archived")).status).toBe(401);
  });

  it("deletes the session with its stories and votes", async () => {
    const { leader, session } = await buildSession(server.url);
    const story = await buildStory(leader, session.id);
    await leader.client.post("/api/votes", { storyId: story.id, points: 5 });
    expect((await leader.client.delete(`/api/sessions/${session.id}`)).body).toEqual({ message: "Session deleted" });
    expect((await leader.client.get(`/api/sessions/${session.id}`)).status).toBe(404);
    expect((await leader.client.get(`/api/stories/${story.id}/votes`)).status).toBe(404);
  });
});

describe("participants", () => {
  it("joins a guest by name with a participant token cookie (spec part 2 section 5)", async () => {
    const { session } = await buildSession(server.url, { title: "Guests welcome" });
    const client = new ApiClient(server.url);
    const res = await client.post<Record<string, unknown>>(`/api/sessions/${session.id}/join-anonymous`, {
      displayName: " Gus ",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ participant: { displayName: "Gus" }, sessionInfo: { title: "Guests welcome" } });
    expect(typeof res.body.participantToken).toBe("string");
    expect(res.headers.getSetCookie().join(";")).toMatch(new RegExp(`pt_${session.id}=[^;]+;.*HttpOnly`, "i"));
    expect((await client.get(`/api/sessions/${session.id}`)).status).toBe(200);
    // The header works without the cookie, for non-browser clients.
    const headerOnly = new ApiClient(server.url);
    const viaHeader = await headerOnly.request("GET", `/api/sessions/${session.id}`, undefined, {
      headers: { "x-participant-token": res.body.participantToken as string },
    });
    expect(viaHeader.status).toBe(200);
  });

  it("validates the display name and the session", async () => {
    const { session } = await buildSession(server.url);
    const client = new ApiClient(server.url);
    const empty = await client.post<{ errors: Record<string, string[]> }>(
      `/api/sessions/${session.id}/join-anonymous`,
      {
        displayName: "  ",
      },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors.displayName).toEqual(["Display name required"]);
    const long = await client.post<{ errors: Record<string, string[]> }>(`/api/sessions/${session.id}/join-anonymous`, {
      displayName: "n".repeat(51),
    });
    expect(long.body.errors.displayName).toEqual(["Must be no more than 50 characters"]);
    const unknown = await client.post<{ code: string; message: string }>(
      "/api/sessions/00000000-0000-4000-8000-000000000000/join-anonymous",
      { displayName: "Gus" },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Invalid session");
  });

  it("a token of one session opens no other session", async () => {
    const a = await buildSession(server.url);
    const b = await buildSession(server.url);
    const guest = await joinGuest(server.url, a.session.id);
    const token = guest.join.participantToken;
    const res = await new ApiClient(server.url).request("GET", `/api/sessions/${b.session.id}`, undefined, {
      headers: { "x-participant-token": token },
    });
    expect(res.status).toBe(401);
  });

  it("refuses guests beyond maxParticipants", async () => {
    const { leader, session } = await buildSession(server.url);
    await leader.client.patch(`/api/sessions/${session.id}`, { maxParticipants: 2 });
    await joinGuest(server.url, session.id, "One");
    const third = await new ApiClient(server.url).post<{ message: string }>(
      `/api/sessions/${session.id}/join-anonymous`,
      {
        displayName: "Two",
      },
    );
    expect(third.status).toBe(403);
    expect(third.body.message).toBe("This session is full");
  });

  it("invites by e-mail (202 alike for any address, issue #7); strangers and guests cannot", async () => {
    const { leader, session } = await buildSession(server.url);
    const invitee = await buildUser(server.url, { firstName: "Ivy" });
    const byEmail = await leader.client.post<{ status: string }>(`/api/sessions/${session.id}/participants`, {
      email: invitee.email,
    });
    expect(byEmail.status).toBe(202);
    expect(byEmail.body).toEqual({ status: "invited" });
    expect((await invitee.client.get(`/api/sessions/${session.id}`)).status).toBe(200);
    const unknown = await leader.client.post<{ status: string }>(`/api/sessions/${session.id}/participants`, {
      email: "ghost@example.com",
    });
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(byEmail.body);
    const bad = await leader.client.post<{ code: string }>(`/api/sessions/${session.id}/participants`, {});
    expect(bad.status).toBe(400);
    const stranger = await buildUser(server.url);
    expect(
      (await stranger.client.post(`/api/sessions/${session.id}/participants`, { userId: stranger.user.id })).status,
    ).toBe(403);
    expect(
      (await new ApiClient(server.url).post(`/api/sessions/${session.id}/participants`, { email: invitee.email }))
        .status,
    ).toBe(401);
    const list = await leader.client.get<{ displayName: string; role: string }[]>(
      `/api/sessions/${session.id}/participants`,
    );
    expect(list.body.map((p) => p.role)).toEqual(["creator"]); // invited, not added without consent
    expect((await stranger.client.get(`/api/sessions/${session.id}/participants`)).status).toBe(403);
  });

  it("lets a signed-in user with the link join (idempotently)", async () => {
    const { session } = await buildSession(server.url);
    const member = await buildUser(server.url);
    expect((await member.client.post(`/api/sessions/${session.id}/join`)).status).toBe(201);
    expect((await member.client.post(`/api/sessions/${session.id}/join`)).status).toBe(200);
    expect((await new ApiClient(server.url).post(`/api/sessions/${session.id}/join`)).status).toBe(401);
    expect((await member.client.post("/api/sessions/00000000-0000-4000-8000-000000000000/join")).status).toBe(404);
    // A malformed id is a 404 like on every other session route, never a database error (issue #7).
    for (const id of ["abc", "%00", "1%20or%201=1", `${session.id}x`]) {
      const res = await member.client.post<{ code: string }>(`/api/sessions/${id}/join`);
      expect({ id, status: res.status, code: res.body.code }).toEqual({ id, status: 404, code: "NOT_FOUND" });
    }
  });
});
