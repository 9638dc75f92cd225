import type { EstimateSuggestionView } from "@pointwise/core/estimates/suggestionView";
import type { InsightView, SessionSummaryView } from "@pointwise/core/insights";
import type { StoryView, TeamView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { historyRowsOf } from "../../testing/estimateHistory";
import { buildSession, buildStory, buildUser, joinGuest, joinMember, type TestUser } from "../../testing/factories";
import { setSubscriptionPlan } from "../../testing/plans";
import { startTestServer, type TestServer } from "../../testing/testServer";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MISSING = "00000000-0000-4000-8000-000000000000";

/** A small backlog: 8 rows with known points (history) and 2 without (to vote on). */
const BACKLOG = [
  "issuekey,title,description,storypoint",
  "H-1,Export the sales report as CSV,The finance user downloads the monthly sales report as a CSV file,3",
  "H-2,Export the stock report as CSV,The warehouse user downloads the stock report as a CSV file,3",
  "H-3,Export the audit log as CSV,The admin downloads the audit log as a CSV file,3",
  "H-4,Single sign-on with Azure AD,Users log in through Azure Active Directory with OAuth and MFA,13",
  "H-5,Migrate the orders table to PostgreSQL,Move all order rows from MySQL with zero downtime,13",
  "H-6,Fix typo on the login page,The button label says Lgoin,1",
  "H-7,Change the footer colour,Marketing wants the footer in brand blue,1",
  "H-8,Rate limit the public REST API,429 after 100 requests per minute per key,5",
  "N-1,Export the invoice report as CSV,The accountant downloads the invoice report as a CSV file,",
  "N-2,Export the customer report as CSV,The sales user downloads the customer list as a CSV file,NULL",
].join("\n");

const importCsv = (client: ApiClient, sessionId: string, csv: string) =>
  client.request<Record<string, unknown>>("POST", `/api/sessions/${sessionId}/stories/import`, csv, {
    contentType: "text/csv",
  });

const suggestionOf = (client: ApiClient, storyId: string) =>
  client.get<EstimateSuggestionView & { code?: string }>(`/api/stories/${storyId}/estimate-suggestion`);

async function createTeam(owner: TestUser, name: string): Promise<TeamView> {
  const res = await owner.client.post<TeamView>("/api/teams", { name });
  expect(res.status).toBe(201);
  return res.body;
}

/** A session (of `teamId` when given) with BACKLOG imported, a member and a guest; the story N-1 active. */
async function importedSession(opts: { leader?: TestUser; teamId?: string } = {}) {
  const { leader, session } = await buildSession(server.url, { leader: opts.leader, teamId: opts.teamId });
  const res = await importCsv(leader.client, session.id, BACKLOG);
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ imported: 10, errors: [] });
  const stories = (await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`)).body;
  const byKey = (key: string) => {
    const story = stories.find((s) => s.ticketNumber === key);
    if (!story) throw new Error(`no story ${key}`);
    return story;
  };
  const member = await buildUser(server.url, { firstName: "Mia" });
  await joinMember(member, session.id);
  const guest = await joinGuest(server.url, session.id, "Gus");
  const n1 = byKey("N-1");
  expect((await leader.client.post(`/api/sessions/${session.id}/active-story`, { storyId: n1.id })).status).toBe(200);
  return { leader, member, guest, session, n1, n2: byKey("N-2"), stories };
}

/** Everyone votes `points` on the story, the leader reveals. */
async function voteAndReveal(storyId: string, voters: TestUser[], points: number) {
  for (const v of voters) expect((await v.client.post("/api/votes", { storyId, points })).status).toBe(200);
  expect((await voters[0]?.client.post(`/api/stories/${storyId}/reveal-votes`))?.status).toBe(200);
}

describe("GET /api/stories/{id}/estimate-suggestion (issue #9 section 3)", () => {
  it("lets the leader peek before the reveal: points on the deck, range, the 3 most similar stories", async () => {
    const { leader, n1 } = await importedSession();
    const res = await suggestionOf(leader.client, n1.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ storyId: n1.id, historySize: 8, engine: "local", scope: "creator" });
    expect([0, 0.5, 1, 2, 3, 5, 8, 13, 21]).toContain(res.body.points);
    expect(res.body.low).toBeLessThanOrEqual(res.body.points);
    expect(res.body.high).toBeGreaterThanOrEqual(res.body.points);
    expect(res.body.points).toBe(3);
    expect(res.body.labels.points).toBe("3");
    expect(res.body.similar).toHaveLength(3);
    // The three CSV exports, with their titles and imported points.
    expect(res.body.similar.map((s) => s.key).sort()).toEqual(["H-1", "H-2", "H-3"]);
    expect(res.body.similar).toContainEqual({ key: "H-1", title: "Export the sales report as CSV", points: 3 });
  });

  it("hides the suggestion from voters until the reveal (403 SUGGESTION_HIDDEN), then shows it to everyone", async () => {
    const { leader, member, guest, n1 } = await importedSession();
    for (const voter of [member, guest]) {
      const hidden = await suggestionOf(voter.client, n1.id);
      expect(hidden.status).toBe(403);
      expect(hidden.body).toMatchObject({ code: "SUGGESTION_HIDDEN" });
    }
    await voteAndReveal(n1.id, [leader, member], 3);
    const peeked = await suggestionOf(leader.client, n1.id);
    for (const viewer of [member, guest, leader]) {
      const shown = await suggestionOf(viewer.client, n1.id);
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual(peeked.body);
    }
  });

  it("answers 401 without an identity, 403 to a user of another session, 400 for a bad id, 404 for an unknown story", async () => {
    const { n1 } = await importedSession();
    expect((await suggestionOf(new ApiClient(server.url), n1.id)).status).toBe(401);
    const attacker = await buildUser(server.url, { firstName: "Mallory" });
    await buildSession(server.url, { leader: attacker });
    const denied = await suggestionOf(attacker.client, n1.id);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: "PERMISSION_DENIED" });
    const bad = await suggestionOf(attacker.client, "not-a-uuid");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "VALIDATION_ERROR" });
    const missing = await suggestionOf(attacker.client, MISSING);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND" });
  });

  it("answers 200 with historySize 0 and no similar stories when the scope has no history", async () => {
    const { leader, session } = await buildSession(server.url);
    const story = await buildStory(leader, session.id, { title: "Export the invoice report as CSV" });
    const res = await suggestionOf(leader.client, story.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ historySize: 0, similar: [] });
    expect([0, 0.5, 1, 2, 3, 5, 8, 13, 21]).toContain(res.body.points);
  });

  it("maps the t-shirt deck to its cards and answers their sizes", async () => {
    const { leader, session } = await buildSession(server.url, { estimationScale: "tshirt" });
    expect((await importCsv(leader.client, session.id, BACKLOG)).status).toBe(201);
    const stories = (await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`)).body;
    const n1 = stories.find((s) => s.ticketNumber === "N-1");
    const res = await suggestionOf(leader.client, n1?.id ?? "");
    expect(res.status).toBe(200);
    expect(res.body.points).toBe(3);
    expect(res.body.labels.points).toBe("M");
  });
});

describe("estimate history rows (issue #9 section 3)", () => {
  it("adds the CSV rows with a storypoint to the history; the rows without one only become stories", async () => {
    const { session, stories } = await importedSession();
    const mine = await historyRowsOf(
      server.ctx,
      stories.map((s) => s.id),
    );
    expect(mine.map((r) => r.storyKey).sort()).toEqual(["H-1", "H-2", "H-3", "H-4", "H-5", "H-6", "H-7", "H-8"]);
    expect(mine.every((r) => r.source === "import" && r.teamId === null && r.points > 0)).toBe(true);
    expect(mine.find((r) => r.storyKey === "H-4")?.points).toBe(13);
    // Every row is still a pending story to vote on (the import's count and tests are unchanged).
    expect(stories).toHaveLength(10);
    expect(stories.every((s) => s.status === "pending")).toBe(true);
    expect(session.id).toBeTruthy();
  });

  it("rejects a storypoint that is not a number from 0 to 999, importing nothing", async () => {
    const { leader, session } = await buildSession(server.url);
    const res = await importCsv(leader.client, session.id, "issuekey,title,storypoint\nA-1,Fine,3\nA-2,Bad,lots\n");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "VALIDATION_ERROR", imported: 0 });
    expect(JSON.stringify(res.body.errors)).toContain("storypoint");
    expect((await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`)).body).toHaveLength(0);
  });

  it("adds a completed story to its team's history and never uses another team's history", async () => {
    const owner = await buildUser(server.url, { firstName: "Tess" });
    await setSubscriptionPlan(server.ctx, owner.user.id, "pro");
    const alpha = await createTeam(owner, "Alpha");
    const beta = await createTeam(owner, "Beta");
    const { leader, member, n1 } = await importedSession({ leader: owner, teamId: alpha.id });
    await voteAndReveal(n1.id, [leader, member], 3);
    expect((await leader.client.patch(`/api/stories/${n1.id}`, { status: "completed", finalPoints: 3 })).status).toBe(
      200,
    );
    const [row] = await historyRowsOf(server.ctx, [n1.id]);
    expect(row).toMatchObject({ source: "session", teamId: alpha.id, storyKey: "N-1", points: 3 });

    // Another session of team Alpha learns from all 9 stories, the completed one included.
    const { session: next } = await buildSession(server.url, { leader: owner, teamId: alpha.id });
    const story = await buildStory(owner, next.id, { title: "Export the invoice report as CSV" });
    const alphaSuggestion = await suggestionOf(owner.client, story.id);
    expect(alphaSuggestion.body).toMatchObject({ historySize: 9, scope: "team" });
    expect(alphaSuggestion.body.similar[0]).toEqual({
      key: "N-1",
      title: "Export the invoice report as CSV",
      points: 3,
    });

    // Team Beta, and the same creator's sessions without a team, see none of Alpha's history.
    for (const teamId of [beta.id, undefined]) {
      const { session: other } = await buildSession(server.url, { leader: owner, teamId });
      const same = await buildStory(owner, other.id, { title: "Export the invoice report as CSV" });
      const res = await suggestionOf(owner.client, same.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ historySize: 0, similar: [] });
    }
  });

  it("replaces an imported row with the team's final points at completion, and drops it on reopen", async () => {
    const { leader, member, session, stories } = await importedSession();
    const h1 = stories.find((s) => s.ticketNumber === "H-1");
    if (!h1) throw new Error("no H-1");
    // Warm the cache, then change a row without changing the count: the cache must see it.
    const { session: other } = await buildSession(server.url, { leader });
    const probe = await buildStory(leader, other.id, { title: "Export the sales report as CSV" });
    expect((await suggestionOf(leader.client, probe.id)).body.similar).toContainEqual({
      key: "H-1",
      title: "Export the sales report as CSV",
      points: 3,
    });
    expect((await leader.client.post(`/api/sessions/${session.id}/active-story`, { storyId: h1.id })).status).toBe(200);
    await voteAndReveal(h1.id, [leader, member], 5);
    expect((await leader.client.patch(`/api/stories/${h1.id}`, { status: "completed", finalPoints: 5 })).status).toBe(
      200,
    );
    const rows = await historyRowsOf(server.ctx, [h1.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "session", points: 5, storyKey: "H-1" });
    const after = await suggestionOf(leader.client, probe.id);
    expect(after.body.historySize).toBe(8);
    expect(after.body.similar).toContainEqual({ key: "H-1", title: "Export the sales report as CSV", points: 5 });
    // Imported with known points, it had a suggestion all the same (shown at reveal): it counts (issue #22).
    const summary = await leader.client.get<SessionSummaryView>(`/api/sessions/${session.id}/summary`);
    expect(summary.body.suggestionAccuracy).toMatchObject({ total: 1 });

    expect((await leader.client.patch(`/api/stories/${h1.id}`, { status: "pending" })).status).toBe(200);
    expect(await historyRowsOf(server.ctx, [h1.id])).toEqual([]);
    expect((await suggestionOf(leader.client, probe.id)).body.historySize).toBe(7);
  });

  it("uses the creator's own sessions without a team, never another creator's", async () => {
    const creator = await buildUser(server.url, { firstName: "Cleo" });
    await importedSession({ leader: creator });
    const { session } = await buildSession(server.url, { leader: creator });
    const story = await buildStory(creator, session.id, { title: "Export the invoice report as CSV" });
    expect((await suggestionOf(creator.client, story.id)).body).toMatchObject({ historySize: 8, scope: "creator" });

    const stranger = await buildUser(server.url, { firstName: "Stan" });
    const { session: theirs } = await buildSession(server.url, { leader: stranger });
    const theirStory = await buildStory(stranger, theirs.id, { title: "Export the invoice report as CSV" });
    expect((await suggestionOf(stranger.client, theirStory.id)).body).toMatchObject({ historySize: 0, similar: [] });
  });
});

describe("suggestion accuracy and insights (issue #9 section 3)", () => {
  it("records the suggestion at completion, reports the accuracy in the summary, feeds the history-gap insight", async () => {
    const { leader, member, session, n1, n2 } = await importedSession();
    await setSubscriptionPlan(server.ctx, leader.user.id, "basic");
    const suggested = (await suggestionOf(leader.client, n1.id)).body;
    await voteAndReveal(n1.id, [leader, member], suggested.points);
    await leader.client.patch(`/api/stories/${n1.id}`, { status: "completed", finalPoints: suggested.points });
    // N-2 becomes active: the team says 21, far above the CSV exports' 3.
    expect((await leader.client.post(`/api/sessions/${session.id}/active-story`, { storyId: n2.id })).status).toBe(200);
    await voteAndReveal(n2.id, [leader, member], 21);
    await leader.client.patch(`/api/stories/${n2.id}`, { status: "completed", finalPoints: 21 });

    // A completed story answers the suggestion recorded at completion, never itself as a similar story.
    const after = await suggestionOf(member.client, n2.id);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ points: 3, historySize: 10 });
    expect(after.body.similar.map((s) => s.key)).not.toContain("N-2");

    const summary = await member.client.get<SessionSummaryView>(`/api/sessions/${session.id}/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body.suggestionAccuracy).toEqual({ total: 2, matched: 1, withinRange: 1 });
    expect(summary.body.historyAccuracy).toEqual({ total: 2, matched: 1, withinRange: 1 });

    const insights = await leader.client.post<InsightView[]>(`/api/sessions/${session.id}/insights/regenerate`);
    expect(insights.status).toBe(200);
    const gaps = insights.body.filter((i) => i.metadata?.rule === "history_gap");
    expect(gaps.map((i) => i.storyId)).toEqual([n2.id]);
    expect(gaps[0]?.metadata).toMatchObject({ estimate: 21, points: 3 });
  });

  it("counts the stories imported with points too: the summary compares what the team saw at reveal (issue #22)", async () => {
    const { leader, member, session, stories } = await importedSession();
    const shown = new Map<string, EstimateSuggestionView>();
    for (const key of ["H-6", "H-4"]) {
      const story = stories.find((s) => s.ticketNumber === key);
      if (!story) throw new Error(`no ${key}`);
      expect((await leader.client.post(`/api/sessions/${session.id}/active-story`, { storyId: story.id })).status).toBe(
        200,
      );
      await voteAndReveal(story.id, [leader, member], 8);
      // What the room sees once the votes are revealed.
      const atReveal = await suggestionOf(member.client, story.id);
      expect(atReveal.status).toBe(200);
      expect(atReveal.body.historySize).toBeGreaterThan(0);
      shown.set(story.id, atReveal.body);
      expect(
        (await leader.client.patch(`/api/stories/${story.id}`, { status: "completed", finalPoints: 8 })).status,
      ).toBe(200);
      // The completed story keeps that suggestion, not one recomputed from its own final points.
      const afterwards = await suggestionOf(member.client, story.id);
      expect(afterwards.body).toMatchObject({
        points: atReveal.body.points,
        low: atReveal.body.low,
        high: atReveal.body.high,
      });
    }
    const expected = [...shown.values()];
    const summary = await member.client.get<SessionSummaryView>(`/api/sessions/${session.id}/summary`);
    expect(summary.body.suggestionAccuracy).toEqual({
      total: 2,
      matched: expected.filter((s) => s.points === 8).length,
      withinRange: expected.filter((s) => s.low <= 8 && 8 <= s.high).length,
    });
  });

  it("reports no suggestion accuracy before any story is completed", async () => {
    const { member, session } = await importedSession();
    const summary = await member.client.get<SessionSummaryView>(`/api/sessions/${session.id}/summary`);
    expect(summary.body.suggestionAccuracy).toEqual({ total: 0, matched: 0, withinRange: 0 });
  });
});

describe("PointBot's analysis reads complexity from the history (issue #9 sections 1 and 3)", () => {
  it("gives the leader's analysis the history reading, never a voter's", async () => {
    const { leader, member, session } = await importedSession();
    const draft = { title: "Export the invoice report as CSV", sessionId: session.id };
    type Analysis = { description: { estimationFactors: { complexity: string } } };
    const mine = await leader.client.post<Analysis>("/api/stories/generate-enhanced-description", draft);
    expect(mine.status).toBe(200);
    expect(mine.body.description.estimationFactors.complexity).toMatch(
      /^History of the session creator's 8 estimated stories: 3 points, likely 3, like H-\d, H-\d, H-\d$/,
    );
    const theirs = await member.client.post<Analysis>("/api/stories/generate-enhanced-description", draft);
    expect(theirs.status).toBe(200);
    expect(theirs.body.description.estimationFactors.complexity).not.toContain("History");
  });
});
