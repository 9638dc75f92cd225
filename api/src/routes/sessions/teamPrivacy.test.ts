import { ANONYMOUS_NOT_ALLOWED_MESSAGE } from "@pointwise/core/joinInfo";
import type { ParticipantView, SessionView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildUser, joinGuest } from "../../testing/factories";
import { buildTeam } from "../../testing/teamFactories";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * Who joins a team's sessions (issue #22): guests are refused while the team's
 * `allowAnonymousParticipants` is off, and people already in stay; a signed-in user with the
 * share link joins whatever the team's settings say (`privateTeam` decides who reads the team,
 * not who joins its sessions: routes/teams/teamVisibility.test.ts).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type ErrorBody = { code: string; message: string };

/** A session of a fresh team, led by its owner, with the team's `settings` applied. */
async function teamSession(overrides: Parameters<typeof buildTeam>[1] = {}) {
  const scenario = await buildTeam(server.url, overrides);
  const { session } = await buildSession(server.url, { leader: scenario.owner, teamId: scenario.team.id });
  return { ...scenario, session };
}

describe("POST /api/sessions/{id}/join-anonymous in a team session", () => {
  it("answers 403 PERMISSION_DENIED with the issue's message while the team refuses guests", async () => {
    const { session } = await teamSession({ settings: { allowAnonymousParticipants: false } });
    const res = await new ApiClient(server.url).post<ErrorBody>(`/api/sessions/${session.id}/join-anonymous`, {
      displayName: "Gus",
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: "PERMISSION_DENIED", message: ANONYMOUS_NOT_ALLOWED_MESSAGE });
    expect(res.body.message).toBe("This team does not allow anonymous participants.");
  });

  it("admits guests again once the owner allows them, and keeps those already in when turned off", async () => {
    const { team, owner, session } = await teamSession();
    const early = await joinGuest(server.url, session.id, "Early guest");
    await owner.client.patch(`/api/teams/${team.id}`, { settings: { allowAnonymousParticipants: false } });
    const refused = await new ApiClient(server.url).post(`/api/sessions/${session.id}/join-anonymous`, {
      displayName: "Late guest",
    });
    expect(refused.status).toBe(403);
    // The guest already in keeps their seat and still reads the session.
    expect((await early.client.get(`/api/sessions/${session.id}`)).status).toBe(200);
    await owner.client.patch(`/api/teams/${team.id}`, { settings: { allowAnonymousParticipants: true } });
    await joinGuest(server.url, session.id, "Late guest");
    const names = (await owner.client.get<ParticipantView[]>(`/api/sessions/${session.id}/participants`)).body.map(
      (p) => p.displayName,
    );
    expect(names).toEqual(expect.arrayContaining(["Early guest", "Late guest"]));
  });

  it("leaves sessions without a team and other teams' sessions open to guests", async () => {
    await teamSession({ settings: { allowAnonymousParticipants: false } });
    const { session: personal } = await buildSession(server.url);
    await joinGuest(server.url, personal.id);
    const { session: open } = await teamSession();
    await joinGuest(server.url, open.id);
  });

  it("still answers 400 for a bad name and 404 for an unknown session", async () => {
    const { session } = await teamSession({ settings: { allowAnonymousParticipants: false } });
    const anon = new ApiClient(server.url);
    expect((await anon.post(`/api/sessions/${session.id}/join-anonymous`, { displayName: "" })).status).toBe(400);
    const unknown = await anon.post("/api/sessions/00000000-0000-4000-8000-000000000000/join-anonymous", {
      displayName: "Gus",
    });
    expect(unknown.status).toBe(404);
  });
});

describe("POST /api/sessions/{id}/join (share link) in a team session", () => {
  it("admits a signed-in non-member with the team's default settings, who then reads the session", async () => {
    const { team, session } = await teamSession();
    expect(team.settings).toMatchObject({ privateTeam: true, allowAnonymousParticipants: true });
    const outsider = await buildUser(server.url, { firstName: "Nora" });
    expect((await outsider.client.get(`/api/sessions/${session.id}`)).status).toBe(403);
    const joined = await outsider.client.post<ParticipantView>(`/api/sessions/${session.id}/join`);
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ userId: outsider.user.id, role: "participant" });
    expect((await outsider.client.get<SessionView>(`/api/sessions/${session.id}`)).body.id).toBe(session.id);
    // Joining again is idempotent (200).
    expect((await outsider.client.post(`/api/sessions/${session.id}/join`)).status).toBe(200);
  });

  it("admits signed-in users whatever privateTeam and allowAnonymousParticipants say", async () => {
    const { team, owner, session } = await teamSession({ settings: { allowAnonymousParticipants: false } });
    for (const privateTeam of [true, false]) {
      await owner.client.patch(`/api/teams/${team.id}`, { settings: { privateTeam } });
      const someone = await buildUser(server.url);
      expect((await someone.client.post(`/api/sessions/${session.id}/join`, { role: "observer" })).status).toBe(201);
    }
  });

  it("admits team members and people invited by e-mail as before", async () => {
    const { owner, member, admin, session } = await teamSession();
    for (const who of [member, admin]) {
      expect((await who.client.post(`/api/sessions/${session.id}/join`)).status).toBe(201);
    }
    const invitedAccount = await buildUser(server.url, { firstName: "Vera" });
    const invited = await owner.client.post(`/api/sessions/${session.id}/participants`, {
      email: invitedAccount.email,
    });
    expect(invited.status).toBe(202);
    expect((await invitedAccount.client.post(`/api/sessions/${session.id}/join`)).status).toBe(201);
  });

  it("admits guests with privateTeam on or off while anonymous participants are allowed", async () => {
    const { team, owner, session } = await teamSession();
    await joinGuest(server.url, session.id, "Guest of a private team");
    await owner.client.patch(`/api/teams/${team.id}`, { settings: { privateTeam: false } });
    await joinGuest(server.url, session.id, "Guest of an open team");
  });

  it("answers 401 signed out, 400 for a bad role, 404 for an unknown session", async () => {
    const { session } = await teamSession();
    const anon = await new ApiClient(server.url).post<ErrorBody>(`/api/sessions/${session.id}/join`);
    expect(anon.status).toBe(401);
    const someone = await buildUser(server.url);
    const bad = await someone.client.post<ErrorBody>(`/api/sessions/${session.id}/join`, { role: "leader" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
    const unknown = await someone.client.post("/api/sessions/00000000-0000-4000-8000-000000000000/join");
    expect(unknown.status).toBe(404);
  });
});
