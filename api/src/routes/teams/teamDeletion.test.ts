import type { SessionView, StoryView, TeamDeletionResult, TeamView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildStory, buildUser, joinMember } from "../../testing/factories";
import { refuseTeamDeletion } from "../../testing/faults";
import { buildTeam } from "../../testing/teamFactories";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket } from "../../testing/wsClient";

/**
 * DELETE /api/teams/{id} (issue #22): the owner alone (everyone else 403 TEAM_ACCESS_DENIED);
 * the team's sessions stay with their creators, detached from the team; one transaction.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type ErrorBody = { code: string; message: string };

/** A team with a session of the owner (one story, the member joined) and one of the admin. */
async function teamWithSessions(name?: string) {
  const scenario = await buildTeam(server.url, { ...(name ? { name } : {}) });
  const { session: ownersSession } = await buildSession(server.url, {
    leader: scenario.owner,
    teamId: scenario.team.id,
    title: "Owner's planning",
  });
  const story = await buildStory(scenario.owner, ownersSession.id, { title: "Checkout" });
  await joinMember(scenario.member, ownersSession.id);
  const { session: adminsSession } = await buildSession(server.url, {
    leader: scenario.admin,
    teamId: scenario.team.id,
    title: "Admin's refinement",
  });
  return { ...scenario, ownersSession, adminsSession, story };
}

describe("DELETE /api/teams/{id}", () => {
  it("deletes the team for its owner; the sessions stay with their creators, detached", async () => {
    const { team, owner, admin, member, moderator, ownersSession, adminsSession, story } = await teamWithSessions();
    const other = await buildTeam(server.url, { owner });
    const { session: untouched } = await buildSession(server.url, { leader: owner, teamId: other.team.id });
    const watcher = await openSocket(server.url, moderator.client);
    watcher.send({ type: "watch_team", teamId: team.id });
    await watcher.next("ack", (m) => m.for === "watch_team");
    try {
      const res = await owner.client.delete<TeamDeletionResult>(`/api/teams/${team.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: "Team deleted", teamId: team.id, sessionsDetached: 2 });
      // Watchers learn the team is gone to them.
      expect(await watcher.next("team_access_revoked")).toEqual({ type: "team_access_revoked", teamId: team.id });
    } finally {
      await watcher.close();
    }

    expect((await owner.client.get<ErrorBody>(`/api/teams/${team.id}`)).status).toBe(404);
    for (const who of [owner, admin, member]) {
      expect((await who.client.get<TeamView[]>("/api/teams")).body.map((t) => t.id)).not.toContain(team.id);
    }
    // Each session is still its creator's, with its stories, and no longer in a team.
    const ownerView = await owner.client.get<SessionView>(`/api/sessions/${ownersSession.id}`);
    expect(ownerView.status).toBe(200);
    expect(ownerView.body).toMatchObject({ title: "Owner's planning", teamId: null, creatorId: owner.user.id });
    const stories = await owner.client.get<StoryView[]>(`/api/sessions/${ownersSession.id}/stories`);
    expect(stories.body).toEqual([expect.objectContaining({ id: story.id, title: "Checkout", teamId: null })]);
    const adminView = await admin.client.get<SessionView>(`/api/sessions/${adminsSession.id}`);
    expect(adminView.body).toMatchObject({ teamId: null, creatorId: admin.user.id });
    expect((await admin.client.get<SessionView[]>("/api/sessions")).body.map((s) => s.id)).toContain(adminsSession.id);
    // A participant keeps their seat; a member who only saw it through the team no longer does.
    expect((await member.client.get(`/api/sessions/${ownersSession.id}`)).status).toBe(200);
    expect((await moderator.client.get(`/api/sessions/${ownersSession.id}`)).status).toBe(403);
    // Another team of the same owner is untouched.
    expect((await owner.client.get<SessionView>(`/api/sessions/${untouched.id}`)).body.teamId).toBe(other.team.id);
  });

  it("answers 403 TEAM_ACCESS_DENIED to admins, moderators, members and outsiders, and keeps the team", async () => {
    const { team, admin, moderator, member, ownersSession, owner } = await teamWithSessions();
    const outsider = await buildUser(server.url);
    for (const who of [admin, moderator, member, outsider]) {
      const res = await who.client.delete<ErrorBody>(`/api/teams/${team.id}`);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("TEAM_ACCESS_DENIED");
    }
    expect((await owner.client.get<TeamView>(`/api/teams/${team.id}`)).status).toBe(200);
    expect((await owner.client.get<SessionView>(`/api/sessions/${ownersSession.id}`)).body.teamId).toBe(team.id);
  });

  it("answers 401 signed out, 403 without the CSRF header, 404 for an unknown or malformed id", async () => {
    const { team, owner } = await teamWithSessions();
    const anon = await new ApiClient(server.url).delete<ErrorBody>(`/api/teams/${team.id}`);
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe("UNAUTHORIZED");
    const forged = await owner.client.request<ErrorBody>("DELETE", `/api/teams/${team.id}`, undefined, { csrf: false });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe("CSRF_VALIDATION_FAILED");
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-team"]) {
      expect((await owner.client.delete(`/api/teams/${id}`)).status).toBe(404);
    }
    expect((await owner.client.delete(`/api/teams/${team.id}`)).status).toBe(200);
    expect((await owner.client.delete(`/api/teams/${team.id}`)).status).toBe(404);
  });

  it("is one transaction: when the team row cannot be deleted, no session is left detached", async () => {
    const name = `Doomed ${Date.now()}`;
    const { team, owner, ownersSession, adminsSession, story } = await teamWithSessions(name);
    const allow = await refuseTeamDeletion(server.ctx, name);
    try {
      const res = await owner.client.delete<ErrorBody>(`/api/teams/${team.id}`);
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toMatch(/at .+\.ts:\d+/); // no stack trace
    } finally {
      await allow();
    }
    for (const id of [ownersSession.id, adminsSession.id]) {
      expect((await owner.client.get<SessionView>(`/api/sessions/${id}`)).body.teamId).toBe(team.id);
    }
    const stories = await owner.client.get<StoryView[]>(`/api/sessions/${ownersSession.id}/stories`);
    expect(stories.body.find((s) => s.id === story.id)?.teamId).toBe(team.id);
    expect((await owner.client.get<TeamView>(`/api/teams/${team.id}`)).status).toBe(200);
    // Once the database lets it, the same call succeeds.
    expect((await owner.client.delete(`/api/teams/${team.id}`)).status).toBe(200);
  });
});
