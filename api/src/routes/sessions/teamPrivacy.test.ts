import { ANONYMOUS_NOT_ALLOWED_MESSAGE, PRIVATE_TEAM_MESSAGE } from "@pointwise/core/joinInfo";
import type { ParticipantView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildUser, joinGuest } from "../../testing/factories";
import { buildTeam } from "../../testing/teamFactories";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * The team settings that decide who joins a team's sessions (issue #22): guests while
 * `allowAnonymousParticipants` is off, and signed-in non-members with the share link while
 * `privateTeam` is on. People already in a session stay.
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

describe("POST /api/sessions/{id}/join (share link) in a private team's session", () => {
  it("refuses a signed-in non-member with 403 PERMISSION_DENIED", async () => {
    const { session } = await teamSession();
    const outsider = await buildUser(server.url);
    const res = await outsider.client.post<ErrorBody>(`/api/sessions/${session.id}/join`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: "PERMISSION_DENIED", message: PRIVATE_TEAM_MESSAGE });
    expect((await outsider.client.get(`/api/sessions/${session.id}`)).status).toBe(403);
  });

  it("admits team members and people the leader invited by e-mail", async () => {
    const { owner, member, admin, session } = await teamSession();
    for (const who of [member, admin]) {
      expect((await who.client.post(`/api/sessions/${session.id}/join`)).status).toBe(201);
    }
    const guestAccount = await buildUser(server.url, { firstName: "Vera" });
    const invited = await owner.client.post(`/api/sessions/${session.id}/participants`, { email: guestAccount.email });
    expect(invited.status).toBe(202);
    expect((await guestAccount.client.post(`/api/sessions/${session.id}/join`)).status).toBe(201);
    // Joining again is idempotent (200), still admitted.
    expect((await guestAccount.client.post(`/api/sessions/${session.id}/join`)).status).toBe(200);
  });

  it("admits anyone with the link once the team is not private, and guests whatever privateTeam says", async () => {
    const { team, owner, session } = await teamSession();
    await joinGuest(server.url, session.id, "Guest in a private team");
    const outsider = await buildUser(server.url);
    expect((await outsider.client.post(`/api/sessions/${session.id}/join`)).status).toBe(403);
    const opened = await owner.client.patch(`/api/teams/${team.id}`, { settings: { privateTeam: false } });
    expect(opened.status).toBe(200);
    expect((await outsider.client.post(`/api/sessions/${session.id}/join`)).status).toBe(201);
    expect((await outsider.client.get(`/api/sessions/${session.id}`)).status).toBe(200);
  });

  it("keeps a participant who joined before the team went private", async () => {
    const { team, owner, session } = await teamSession({ settings: { privateTeam: false } });
    const outsider = await buildUser(server.url);
    expect((await outsider.client.post(`/api/sessions/${session.id}/join`)).status).toBe(201);
    await owner.client.patch(`/api/teams/${team.id}`, { settings: { privateTeam: true } });
    expect((await outsider.client.post(`/api/sessions/${session.id}/join`)).status).toBe(200);
    expect((await outsider.client.get(`/api/sessions/${session.id}`)).status).toBe(200);
  });

  it("answers 401 signed out and leaves personal sessions open to any signed-in user", async () => {
    const { session } = await teamSession();
    const anon = await new ApiClient(server.url).post<ErrorBody>(`/api/sessions/${session.id}/join`);
    expect(anon.status).toBe(401);
    const { session: personal } = await buildSession(server.url);
    const someone = await buildUser(server.url);
    expect((await someone.client.post(`/api/sessions/${personal.id}/join`)).status).toBe(201);
  });
});
