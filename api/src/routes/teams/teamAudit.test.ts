import type { StoryView, TeamAuditEntryView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildStory, buildUser, type TestUser } from "../../testing/factories";
import { buildTeam } from "../../testing/teamFactories";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * The team audit log (issue #22): with `auditLog` on, every change of a story's final points in
 * the team's sessions is recorded with who and when; GET /api/teams/{id}/audit for the owner and
 * admins, newest first, `?limit` 1-500 (default 100).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type ErrorBody = { code: string; errors?: Record<string, string[]> };

/** Votes `points` as the leader, reveals and completes the story with `finalPoints`. */
async function complete(leader: TestUser, storyId: string, points: number, finalPoints?: number) {
  expect((await leader.client.post("/api/votes", { storyId, points })).status).toBe(200);
  expect((await leader.client.post(`/api/stories/${storyId}/reveal-votes`)).status).toBe(200);
  const body = finalPoints === undefined ? { status: "completed" } : { status: "completed", finalPoints };
  const done = await leader.client.patch<StoryView>(`/api/stories/${storyId}`, body);
  expect(done.status).toBe(200);
  return done.body;
}

/** A team with the audit log on and a session of the owner's with one story. */
async function auditedSession(auditLog = true) {
  const scenario = await buildTeam(server.url, { settings: { auditLog } });
  const { session } = await buildSession(server.url, {
    leader: scenario.owner,
    teamId: scenario.team.id,
    title: "Sprint 7",
  });
  const story = await buildStory(scenario.owner, session.id, { title: "Login page" });
  return { ...scenario, session, story };
}

const auditOf = (who: TestUser, teamId: string, query = "") =>
  who.client.get<TeamAuditEntryView[]>(`/api/teams/${teamId}/audit${query}`);

describe("the audit log records final points", () => {
  it("records completion, correction, reopening and a new round, with who and when, newest first", async () => {
    const { team, owner, session, story } = await auditedSession();
    const before = Date.now();
    await complete(owner, story.id, 5, 5);
    await owner.client.patch(`/api/stories/${story.id}`, { finalPoints: 8 });
    await owner.client.patch(`/api/stories/${story.id}`, { status: "pending" });
    const second = await buildStory(owner, session.id, { title: "Signup" });
    await complete(owner, second.id, 3);
    expect((await owner.client.post(`/api/stories/${second.id}/new-round`)).status).toBe(200);

    const res = await auditOf(owner, team.id);
    expect(res.status).toBe(200);
    const who = { id: owner.user.id, name: "Olga Owner" };
    const common = { sessionId: session.id, sessionTitle: "Sprint 7", user: who };
    expect(res.body).toEqual([
      expect.objectContaining({
        ...common,
        action: "cleared",
        storyTitle: "Signup",
        previousPoints: 3,
        finalPoints: null,
      }),
      expect.objectContaining({
        ...common,
        action: "completed",
        storyId: second.id,
        previousPoints: null,
        finalPoints: 3,
      }),
      expect.objectContaining({
        ...common,
        action: "cleared",
        storyId: story.id,
        previousPoints: 8,
        finalPoints: null,
      }),
      expect.objectContaining({ ...common, action: "corrected", storyId: story.id, previousPoints: 5, finalPoints: 8 }),
      expect.objectContaining({ ...common, action: "completed", storyTitle: "Login page", finalPoints: 5 }),
    ]);
    for (const entry of res.body) {
      expect(Date.parse(entry.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(entry.createdAt)).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it("records nothing while the log is off, and nothing for edits that leave the points alone", async () => {
    const { team, owner, story, session } = await auditedSession(false);
    await complete(owner, story.id, 5);
    expect((await auditOf(owner, team.id)).body).toEqual([]);
    await owner.client.patch(`/api/teams/${team.id}`, { settings: { auditLog: true } });
    await owner.client.patch(`/api/stories/${story.id}`, { title: "Renamed", finalPoints: 5 });
    const other = await buildStory(owner, session.id);
    await owner.client.patch(`/api/stories/${other.id}`, { status: "skipped" });
    expect((await auditOf(owner, team.id)).body).toEqual([]);
  });

  it("keeps entries of a deleted story and of sessions without a team out", async () => {
    const { team, owner, story } = await auditedSession();
    await complete(owner, story.id, 2);
    expect((await owner.client.delete(`/api/stories/${story.id}`)).status).toBe(200);
    const { session: personal } = await buildSession(server.url, { leader: owner });
    const personalStory = await buildStory(owner, personal.id);
    await complete(owner, personalStory.id, 13);
    const entries = (await auditOf(owner, team.id)).body;
    expect(entries).toEqual([expect.objectContaining({ storyId: null, storyTitle: "Login page", finalPoints: 2 })]);
  });

  it("answers at most `limit` entries, newest first", async () => {
    const { team, owner, story } = await auditedSession();
    await complete(owner, story.id, 1, 1);
    for (const points of [2, 3, 5]) await owner.client.patch(`/api/stories/${story.id}`, { finalPoints: points });
    const two = await auditOf(owner, team.id, "?limit=2");
    expect(two.body.map((e) => e.finalPoints)).toEqual([5, 3]);
    expect((await auditOf(owner, team.id, "?limit=500")).body).toHaveLength(4);
  });
});

describe("GET /api/teams/{id}/audit access", () => {
  it("answers the owner and admins; 403 PERMISSION_DENIED to moderators and members", async () => {
    const { team, owner, admin, moderator, member, story } = await auditedSession();
    await complete(owner, story.id, 3);
    expect((await auditOf(admin, team.id)).body).toHaveLength(1);
    for (const who of [moderator, member]) {
      const res = await who.client.get<ErrorBody>(`/api/teams/${team.id}/audit`);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("PERMISSION_DENIED");
    }
  });

  it("answers 403 TEAM_ACCESS_DENIED to outsiders, 401 signed out, 404 for an unknown team", async () => {
    const { team, owner } = await auditedSession();
    const outsider = await buildUser(server.url);
    const res = await outsider.client.get<ErrorBody>(`/api/teams/${team.id}/audit`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("TEAM_ACCESS_DENIED");
    const anon = await new ApiClient(server.url).get<ErrorBody>(`/api/teams/${team.id}/audit`);
    expect(anon.status).toBe(401);
    expect((await owner.client.get("/api/teams/00000000-0000-4000-8000-000000000000/audit")).status).toBe(404);
  });

  it.each(["0", "501", "abc", "1.5", "-1"])("answers 400 VALIDATION_ERROR for ?limit=%s", async (limit) => {
    const { team, owner } = await auditedSession();
    const res = await owner.client.get<ErrorBody>(`/api/teams/${team.id}/audit?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    expect(Object.keys(res.body.errors ?? {})).toEqual(["limit"]);
  });
});
