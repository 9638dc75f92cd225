import type { InsightView, SessionSummaryView } from "@pointwise/core/insights";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildStory, buildUser, joinGuest, joinMember, type TestUser } from "../../testing/factories";
import { setSubscriptionPlan } from "../../testing/plans";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket } from "../../testing/wsClient";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MISSING = "00000000-0000-4000-8000-000000000000";

/** Votes, reveals and completes a story with the given final points. */
async function finish(leader: TestUser, member: TestUser, storyId: string, points: [number, number], final: number) {
  expect((await leader.client.post("/api/votes", { storyId, points: points[0] })).status).toBe(200);
  expect((await member.client.post("/api/votes", { storyId, points: points[1] })).status).toBe(200);
  expect((await leader.client.post(`/api/stories/${storyId}/reveal-votes`)).status).toBe(200);
  const done = await leader.client.patch(`/api/stories/${storyId}`, { status: "completed", finalPoints: final });
  expect(done.status).toBe(200);
}

/**
 * A session on `plan` with two completed stories: "Login" voted 3 and 5 (no consensus), "Import"
 * voted 13 and 13 (final 13, a split candidate), both without acceptance criteria; a member.
 */
async function playedSession(plan: "free" | "basic" | "pro" = "basic") {
  const { leader, session } = await buildSession(server.url, { title: "Sprint 12" });
  await setSubscriptionPlan(server.ctx, leader.user.id, plan);
  const member = await buildUser(server.url, { firstName: "Mia" });
  await joinMember(member, session.id);
  const login = await buildStory(leader, session.id, { title: "Login", ticketNumber: "PW-1" });
  const importer = await buildStory(leader, session.id, { title: "Import" });
  await finish(leader, member, login.id, [3, 5], 5);
  await leader.client.post(`/api/sessions/${session.id}/active-story`, { storyId: importer.id });
  await finish(leader, member, importer.id, [13, 13], 13);
  return { leader, member, session, login, importer };
}

describe("POST /api/sessions/{id}/insights/regenerate and GET /api/sessions/{id}/insights (issue #9 section 2)", () => {
  it("lets the leader regenerate insights from the real session and members read them", async () => {
    const { leader, member, session, importer } = await playedSession("basic");
    const res = await leader.client.post<InsightView[]>(`/api/sessions/${session.id}/insights/regenerate`);
    expect(res.status).toBe(200);
    const rules = res.body.map((i) => i.metadata?.rule);
    expect(rules).toEqual(expect.arrayContaining(["split_large", "missing_criteria", "consensus_rate"]));
    const split = res.body.find((i) => i.metadata?.rule === "split_large");
    expect(split).toMatchObject({
      sessionId: session.id,
      storyId: importer.id,
      type: "suggestion",
      priority: "medium",
      category: "technical",
      icon: "bolt",
      title: 'Split "Import" (13 points)',
    });
    expect(split?.riskFactors.length).toBeGreaterThan(0);
    expect(split?.recommendation).toBeTruthy();
    expect(Date.parse(split?.generatedAt ?? "")).not.toBeNaN();
    expect(res.body.find((i) => i.metadata?.rule === "consensus_rate")?.title).toBe("Consensus rate 50%");

    const read = await member.client.get<InsightView[]>(`/api/sessions/${session.id}/insights`);
    expect(read.status).toBe(200);
    expect(read.body.map((i) => i.id)).toEqual(res.body.map((i) => i.id));

    // Regenerating replaces, never appends.
    const again = await leader.client.post<InsightView[]>(`/api/sessions/${session.id}/insights/regenerate`);
    const after = await member.client.get<InsightView[]>(`/api/sessions/${session.id}/insights`);
    expect(after.body.map((i) => i.id)).toEqual(again.body.map((i) => i.id));
    expect(after.body.length).toBe(res.body.length);
  });

  it("lets a guest of a paid owner's session read the insights", async () => {
    const { leader, session } = await playedSession("pro");
    await leader.client.post(`/api/sessions/${session.id}/insights/regenerate`);
    const guest = await joinGuest(server.url, session.id, "Gus");
    const res = await guest.client.get<InsightView[]>(`/api/sessions/${session.id}/insights`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
  });

  it("answers 403 PLAN_UPGRADE_REQUIRED with requiredPlan and currentPlan on the free plan", async () => {
    const { leader, member, session } = await playedSession("free");
    for (const res of [
      await leader.client.post(`/api/sessions/${session.id}/insights/regenerate`),
      await member.client.get(`/api/sessions/${session.id}/insights`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", requiredPlan: "basic", currentPlan: "free" });
    }
  });

  it("answers 401 without an identity, 403 to an attacker and to a non-leader regenerating", async () => {
    const { member, session } = await playedSession("basic");
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.get(`/api/sessions/${session.id}/insights`)).status).toBe(401);
    expect((await anonymous.post(`/api/sessions/${session.id}/insights/regenerate`)).status).toBe(401);
    const attacker = await buildUser(server.url, { firstName: "Mallory" });
    const read = await attacker.client.get(`/api/sessions/${session.id}/insights`);
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({ code: "PERMISSION_DENIED" });
    expect((await attacker.client.post(`/api/sessions/${session.id}/insights/regenerate`)).status).toBe(403);
    const denied = await member.client.post(`/api/sessions/${session.id}/insights/regenerate`);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: "PERMISSION_DENIED" });
  });

  it("answers 400 for an id that is not a UUID and 404 for an unknown session", async () => {
    const leader = await buildUser(server.url);
    const bad = await leader.client.get("/api/sessions/not-a-uuid/insights");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await leader.client.post("/api/sessions/not-a-uuid/insights/regenerate")).status).toBe(400);
    expect((await leader.client.get(`/api/sessions/${MISSING}/insights`)).status).toBe(404);
    expect((await leader.client.post(`/api/sessions/${MISSING}/insights/regenerate`)).status).toBe(404);
  });
});

describe("insights_updated push (issue #9 section 2)", () => {
  it("sends the new list to a second participant on regenerate and on delete", async () => {
    const { leader, member, session } = await playedSession("basic");
    const ws = await openSocket(server.url, member.client);
    ws.send({ type: "join_session", sessionId: session.id, userId: member.user.id });
    await ws.next("session_snapshot");
    const res = await leader.client.post<InsightView[]>(`/api/sessions/${session.id}/insights/regenerate`);
    const pushed = await ws.next("insights_updated");
    expect(pushed).toEqual({ type: "insights_updated", sessionId: session.id, insights: res.body });
    const [gone, ...rest] = res.body;
    await leader.client.delete(`/api/insights/${gone?.id}`);
    const after = await ws.next("insights_updated", (m) => m.insights.length === rest.length);
    expect(after.insights.map((i) => i.id)).toEqual(rest.map((i) => i.id));
    await ws.close();
  });
});

describe("DELETE /api/insights/{id} (issue #9 section 2)", () => {
  it("lets the leader delete one insight; the others stay", async () => {
    const { leader, member, session } = await playedSession("basic");
    const list = (await leader.client.post<InsightView[]>(`/api/sessions/${session.id}/insights/regenerate`)).body;
    const [first, ...rest] = list;
    const res = await leader.client.delete(`/api/insights/${first?.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Insight deleted", id: first?.id });
    const after = await member.client.get<InsightView[]>(`/api/sessions/${session.id}/insights`);
    expect(after.body.map((i) => i.id)).toEqual(rest.map((i) => i.id));
    expect((await leader.client.delete(`/api/insights/${first?.id}`)).status).toBe(404);
  });

  it("answers 401, 403 (attacker, non-leader, free plan), 400 and 404", async () => {
    const { leader, member, session } = await playedSession("basic");
    const [insight] = (await leader.client.post<InsightView[]>(`/api/sessions/${session.id}/insights/regenerate`)).body;
    const path = `/api/insights/${insight?.id}`;
    expect((await new ApiClient(server.url).delete(path)).status).toBe(401);
    const attacker = await buildUser(server.url, { firstName: "Mallory" });
    expect((await attacker.client.delete(path)).status).toBe(403);
    expect((await member.client.delete(path)).status).toBe(403);
    await setSubscriptionPlan(server.ctx, leader.user.id, "free");
    const gated = await leader.client.delete(path);
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", requiredPlan: "basic", currentPlan: "free" });
    expect((await leader.client.delete("/api/insights/nope")).status).toBe(400);
    expect((await leader.client.delete(`/api/insights/${MISSING}`)).status).toBe(404);
    // Still there: nothing above deleted it.
    await setSubscriptionPlan(server.ctx, leader.user.id, "basic");
    const list = await leader.client.get<InsightView[]>(`/api/sessions/${session.id}/insights`);
    expect(list.body.map((i) => i.id)).toContain(insight?.id);
  });
});

describe("GET /api/sessions/{id}/summary (spec part 2 sections 7 and 9; issue #9 section 2)", () => {
  it("answers the real consensus rate, measured duration and action items from the insights", async () => {
    const { member, session } = await playedSession("free");
    const res = await member.client.get<SessionSummaryView>(`/api/sessions/${session.id}/summary`);
    expect(res.status).toBe(200);
    // Login 3/5 (range 2: no consensus), Import 13/13 (consensus): 1 of 2 = 50 %.
    expect(res.body).toMatchObject({
      sessionId: session.id,
      consensusRate: 50,
      completedStories: 2,
      skippedStories: 0,
      totalStories: 2,
      totalPoints: 18,
      averagePoints: 9,
      participants: 2,
      rounds: 2,
    });
    expect(res.body.actionItems).toEqual(
      expect.arrayContaining([
        'Split "Import" (13 points) into smaller stories',
        'Add acceptance criteria to PW-1 "Login"',
        'Add acceptance criteria to "Import"',
      ]),
    );
    expect(res.body.durationMinutes).not.toBeNull();
    expect(res.body.durationMinutes).toBeGreaterThanOrEqual(0);
    expect(res.body.durationMinutes).toBeLessThan(5);
    expect(res.body.stories.map((s) => [s.title, s.points])).toEqual([
      ["Login", 5],
      ["Import", 13],
    ]);
  });

  it("matches the consensus rate of the Teams summary (one rule, core sessionSummary)", async () => {
    const { leader, session } = await playedSession("free");
    const summary = await leader.client.get<SessionSummaryView>(`/api/sessions/${session.id}/summary`);
    const teams = await leader.client.post<{ message: string }>(`/api/sessions/${session.id}/teams-message`, {});
    expect(teams.body.message).toContain(`consensus ${summary.body.consensusRate}%`);
  });

  it("answers 401, 403 to an attacker, 400 and 404", async () => {
    const { session } = await playedSession("free");
    expect((await new ApiClient(server.url).get(`/api/sessions/${session.id}/summary`)).status).toBe(401);
    const attacker = await buildUser(server.url, { firstName: "Mallory" });
    expect((await attacker.client.get(`/api/sessions/${session.id}/summary`)).status).toBe(403);
    expect((await attacker.client.get("/api/sessions/nope/summary")).status).toBe(400);
    expect((await attacker.client.get(`/api/sessions/${MISSING}/summary`)).status).toBe(404);
  });

  it("answers nulls before anything is completed", async () => {
    const { leader, session } = await buildSession(server.url);
    await buildStory(leader, session.id);
    const res = await leader.client.get<SessionSummaryView>(`/api/sessions/${session.id}/summary`);
    expect(res.body).toMatchObject({ consensusRate: null, durationMinutes: null, averagePoints: null, rounds: 0 });
  });
});
