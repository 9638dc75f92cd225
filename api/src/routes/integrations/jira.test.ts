import net from "node:net";
import type { StoryView } from "@pointwise/core/presented";
import { settleJiraWriteBacks } from "../../integrations/jira/jiraTickets";
import { keyIdOf } from "../../integrations/secretBox";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildStory, buildUser, type TestUser } from "../../testing/factories";
import { integrationRowsAsText, storedIntegration } from "../../testing/integrations";
import { JIRA_TEST, type JiraStub, STORY_POINT_ESTIMATE_FIELD, startJiraStub } from "../../testing/jiraStub";
import { setSubscriptionPlan } from "../../testing/plans";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { virtualTrackerClock } from "../../testing/virtualTrackerClock";

/*
 * The Jira integration (issue #12) against testing/jiraStub, a local server following Jira
 * Cloud's REST API v3. Nothing of ours is mocked: the routes, the sealing, the client and the
 * write-back run as in production, except that http to 127.0.0.1 is allowed (NODE_ENV=test).
 */

let server: TestServer;
let stub: JiraStub;

beforeAll(async () => {
  stub = await startJiraStub();
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await stub.close();
});
beforeEach(() => stub.reset());

const config = (overrides: Record<string, unknown> = {}) => ({
  serverUrl: stub.baseUrl,
  email: JIRA_TEST.email,
  apiToken: JIRA_TEST.apiToken,
  ...overrides,
});

/** A registered user on the pro plan. */
async function proUser(): Promise<TestUser> {
  const user = await buildUser(server.url);
  await setSubscriptionPlan(server.ctx, user.user.id, "pro");
  return user;
}

/** A pro user with a saved connection to the stub. */
async function connectedUser(): Promise<TestUser> {
  const user = await proUser();
  const res = await user.client.post("/api/integrations/jira", config());
  expect(res.status).toBe(200);
  return user;
}

/** A session led by a connected pro user, its Jira project set, and an outsider who is pro too. */
async function jiraSession(projectKey = "PW") {
  const leader = await connectedUser();
  const { session } = await buildSession(server.url, { leader });
  const patched = await leader.client.patch(`/api/sessions/${session.id}`, { jiraProjectKey: projectKey });
  expect(patched.status).toBe(200);
  const attacker = await connectedUser();
  return { leader, session, attacker };
}

/** Votes, reveals and completes a story as its leader with these points. */
async function complete(leader: TestUser, storyId: string, points: number): Promise<StoryView> {
  expect((await leader.client.post("/api/votes", { storyId, points })).status).toBeLessThan(300);
  expect((await leader.client.post(`/api/stories/${storyId}/reveal-votes`)).status).toBe(200);
  const done = await leader.client.patch<StoryView>(`/api/stories/${storyId}`, {
    status: "completed",
    finalPoints: points,
  });
  expect(done.status).toBe(200);
  return done.body;
}

async function storyOf(user: TestUser, sessionId: string, storyId: string): Promise<StoryView> {
  const res = await user.client.get<StoryView[]>(`/api/sessions/${sessionId}/stories`);
  const story = res.body.find((s) => s.id === storyId);
  if (!story) throw new Error("story not listed");
  return story;
}

describe("POST /api/teams/integration/test", () => {
  it("answers 401 signed out, 403 PLAN_UPGRADE_REQUIRED below pro, 400 on a bad body", async () => {
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.post("/api/teams/integration/test", { type: "jira", config: config() })).status).toBe(401);

    const free = await buildUser(server.url);
    const denied = await free.client.post("/api/teams/integration/test", { type: "jira", config: config() });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", requiredPlan: "pro", currentPlan: "free" });

    const pro = await proUser();
    const wrongType = await pro.client.post("/api/teams/integration/test", { type: "slack", config: config() });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ code: "VALIDATION_ERROR" });
    const plainHttp = await pro.client.post("/api/teams/integration/test", {
      type: "jira",
      config: config({ serverUrl: "http://jira.example.com" }),
    });
    expect(plainHttp.status).toBe(400);
    expect(plainHttp.body).toMatchObject({ code: "VALIDATION_ERROR", errors: { serverUrl: [expect.any(String)] } });
  });

  it("answers success after Jira's myself, and Jira's 401 as a failure for a bad token", async () => {
    const pro = await proUser();
    const ok = await pro.client.post("/api/teams/integration/test", { type: "jira", config: config() });
    expect(ok).toMatchObject({ status: 200, body: { success: true, error: null } });
    expect(stub.calls.at(-1)).toMatchObject({ method: "GET", path: "/rest/api/3/myself" });
    const basic = Buffer.from(`${JIRA_TEST.email}:${JIRA_TEST.apiToken}`).toString("base64");
    expect(stub.calls.at(-1)?.authorization).toBe(`Basic ${basic}`);

    const bad = await pro.client.post("/api/teams/integration/test", {
      type: "jira",
      config: config({ apiToken: "ATATT-revoked-0000" }),
    });
    expect(bad.status).toBe(200);
    expect(bad.body).toEqual({ success: false, error: expect.stringMatching(/401/) });
  });
});

describe("a Jira server that cannot be reached (issue #22)", () => {
  it("says 'Jira server not found: check the URL' for a name that does not resolve, the system's words as detail", async () => {
    const pro = await proUser();
    const unknown = config({ serverUrl: "https://jira.invalid" }); // .invalid never resolves (RFC 2606)
    const test = await pro.client.post<{ success: boolean; error: string; detail?: string }>(
      "/api/teams/integration/test",
      { type: "jira", config: unknown },
    );
    expect(test.status).toBe(200);
    expect(test.body).toEqual({
      success: false,
      error: "Jira server not found: check the URL",
      detail: expect.stringContaining("ENOTFOUND jira.invalid"),
    });
    const saved = await pro.client.post<{ testError?: string; testErrorDetail?: string }>(
      "/api/integrations/jira",
      unknown,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      testError: "Jira server not found: check the URL",
      testErrorDetail: expect.stringContaining("ENOTFOUND jira.invalid"),
    });
    const view = await pro.client.get<{ jira: { lastTestResult: string; lastTestError: string } }>("/api/integrations");
    expect(view.body.jira).toMatchObject({
      lastTestResult: "failed",
      lastTestError: "Jira server not found: check the URL",
    });
  });

  it("says the server refused the connection when nothing listens on that port", async () => {
    const pro = await proUser();
    // A port that was free a moment ago: nothing listens there.
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const test = await pro.client.post<{ success: boolean; error: string; detail?: string }>(
      "/api/teams/integration/test",
      { type: "jira", config: config({ serverUrl: `http://127.0.0.1:${closed}` }) },
    );
    expect(test.body).toEqual({
      success: false,
      error: "The Jira server refused the connection: check the URL and port",
      detail: expect.stringContaining("ECONNREFUSED"),
    });
  });
});

describe("POST /api/integrations/jira and GET /api/integrations", () => {
  it("answers 401, 403 below pro and 400 VALIDATION_ERROR on a bad body", async () => {
    const signedOut = { client: new ApiClient(server.url) };
    expect((await signedOut.client.post("/api/integrations/jira", config())).status).toBe(401);
    expect((await signedOut.client.get("/api/integrations")).status).toBe(401);

    const basic = await buildUser(server.url);
    await setSubscriptionPlan(server.ctx, basic.user.id, "basic");
    const denied = await basic.client.post("/api/integrations/jira", config());
    expect(denied.body).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", requiredPlan: "pro", currentPlan: "basic" });
    expect((await basic.client.get("/api/integrations")).status).toBe(403);

    const pro = await proUser();
    for (const body of [
      config({ email: "not-an-email" }),
      config({ serverUrl: "" }),
      config({ serverUrl: "ftp://jira.example.com" }),
      config({ apiToken: "" }),
      config({ storyPointsField: "Story Points" }),
      { serverUrl: stub.baseUrl },
    ]) {
      const res = await pro.client.post("/api/integrations/jira", body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION_ERROR" });
    }
  });

  it("saves the token sealed (no token in clear in the row), shows it masked, and reports a failing test", async () => {
    const pro = await proUser();
    const saved = await pro.client.post("/api/integrations/jira", config());
    expect(saved).toMatchObject({ status: 200, body: { message: "Jira configuration saved" } });
    expect(saved.body).not.toHaveProperty("testError");

    const row = await storedIntegration(server.ctx, pro.user.id);
    expect(row.tokenCiphertext).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row.tokenCiphertext.split(".")[1]).toBe(keyIdOf(server.ctx.config.integrations.key));
    const rowsText = await integrationRowsAsText(server.ctx);
    expect(rowsText).not.toContain(JIRA_TEST.apiToken);
    expect(rowsText).not.toContain(Buffer.from(JIRA_TEST.apiToken).toString("base64"));

    const shown = await pro.client.get<{ jira: Record<string, unknown> }>("/api/integrations");
    expect(shown.status).toBe(200);
    expect(shown.body.jira).toMatchObject({
      serverUrl: stub.baseUrl,
      email: JIRA_TEST.email,
      apiToken: `****${JIRA_TEST.apiToken.slice(-4)}`,
      storyPointsField: null,
      lastTestResult: "success",
    });
    expect(JSON.stringify(shown.body)).not.toContain(JIRA_TEST.apiToken);

    // Saving again with the masked token keeps the saved one, and sets the override field.
    const again = await pro.client.post("/api/integrations/jira", {
      ...config(),
      apiToken: `****${JIRA_TEST.apiToken.slice(-4)}`,
      storyPointsField: "customfield_10028",
    });
    expect(again.body).toEqual({ message: "Jira configuration saved" });
    expect((await pro.client.get<{ jira: { storyPointsField: string } }>("/api/integrations")).body.jira).toMatchObject(
      { storyPointsField: "customfield_10028" },
    );

    const failing = await pro.client.post("/api/integrations/jira", config({ apiToken: "ATATT-wrong-1111" }));
    expect(failing.status).toBe(200);
    expect(failing.body).toMatchObject({ testError: expect.stringMatching(/401/) });
    const after = await pro.client.get<{ jira: Record<string, unknown> }>("/api/integrations");
    expect(after.body.jira).toMatchObject({ apiToken: "****1111", lastTestResult: "failed" });
  });

  it("answers needsProjectKey when the account sees no project, and jira: null when nothing is saved", async () => {
    const pro = await proUser();
    expect((await pro.client.get("/api/integrations")).body).toEqual({ jira: null });
    const projects = stub.projects.splice(0);
    try {
      const saved = await pro.client.post("/api/integrations/jira", config());
      expect(saved.body).toEqual({ message: "Jira configuration saved", needsProjectKey: true });
    } finally {
      stub.projects.push(...projects);
    }
  });

  it("keeps saved connections working after the key is rotated (INTEGRATIONS_KEY_PREVIOUS)", async () => {
    const pro = await connectedUser();
    const keys = server.ctx.config.integrations;
    const original = { ...keys };
    try {
      keys.key = Buffer.alloc(32, 9);
      keys.previousKeys = [original.key];
      const listed = await pro.client.get("/api/integrations/jira/projects");
      expect(listed.status).toBe(200);
      // A save after the rotation seals under the new key.
      await pro.client.post("/api/integrations/jira", config());
      const row = await storedIntegration(server.ctx, pro.user.id);
      expect(row.tokenCiphertext.split(".")[1]).toBe(keyIdOf(keys.key));
      // Without the old key, a connection sealed under it can no longer be opened.
      const other = await connectedUser();
      keys.key = Buffer.alloc(32, 10);
      keys.previousKeys = [];
      const lost = await other.client.get("/api/integrations/jira/projects");
      expect(lost.status).toBe(409);
      expect(lost.body).toMatchObject({ code: "JIRA_NOT_CONFIGURED" });
    } finally {
      keys.key = original.key;
      keys.previousKeys = original.previousKeys;
    }
  });
});

describe("GET /api/integrations/jira/projects", () => {
  it("answers 401, 403 below pro, 409 without a connection, and [{id, key, name}]", async () => {
    const out = { client: new ApiClient(server.url) };
    expect((await out.client.get("/api/integrations/jira/projects")).status).toBe(401);
    const free = await buildUser(server.url);
    expect((await free.client.get("/api/integrations/jira/projects")).body).toMatchObject({
      code: "PLAN_UPGRADE_REQUIRED",
    });
    const unconnected = await proUser();
    expect((await unconnected.client.get("/api/integrations/jira/projects")).body).toMatchObject({
      code: "JIRA_NOT_CONFIGURED",
    });
    const pro = await connectedUser();
    const res = await pro.client.get("/api/integrations/jira/projects");
    expect(res).toMatchObject({
      status: 200,
      body: [
        { id: "10000", key: "PW", name: "Pointwise" },
        { id: "10010", key: "OPS", name: "Operations" },
      ],
    });
  });

  it("honours a 429 with Retry-After and then answers", async () => {
    const pro = await connectedUser();
    stub.calls.length = 0;
    stub.rateLimitNext(1, 1);
    const clock = virtualTrackerClock();
    server.ctx.trackerClock = clock;
    try {
      const res = await pro.client.get<unknown[]>("/api/integrations/jira/projects");
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(2);
    } finally {
      delete server.ctx.trackerClock;
    }
    expect(clock.waits).toEqual([1000]);
    expect(stub.calls.filter((c) => c.path.startsWith("/rest/api/3/project/search"))).toHaveLength(2);
  });

  it("gives up at once on a Retry-After beyond the request's 10 s with 503 and Retry-After (issue #23 section 6)", async () => {
    const pro = await connectedUser();
    stub.rateLimitNext(1, 3600);
    const res = await pro.client.get("/api/integrations/jira/projects");
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: expect.stringMatching(/rate limit/i) });
    expect(res.headers.get("retry-after")).toBe("3600");
  });
});

describe("POST /api/integrations/jira/create-ticket", () => {
  it("answers 401, 403 to an outsider and below pro, 400 on a bad body or without a project", async () => {
    const { leader, session, attacker } = await jiraSession();
    const story = await buildStory(leader, session.id, { title: "Export CSV" });
    const body = { storyId: story.id, summary: "Export CSV", description: "As a PM", storyPoints: null };
    const out = { client: new ApiClient(server.url) };
    expect((await out.client.post("/api/integrations/jira/create-ticket", body)).status).toBe(401);
    const stolen = await attacker.client.post("/api/integrations/jira/create-ticket", body);
    expect(stolen.status).toBe(403);
    expect(stolen.body).toMatchObject({ code: "PERMISSION_DENIED" });
    expect((await leader.client.post("/api/integrations/jira/create-ticket", { summary: "x" })).status).toBe(400);

    const noProject = await buildSession(server.url, { leader });
    const bare = await buildStory(leader, noProject.session.id);
    const required = await leader.client.post("/api/integrations/jira/create-ticket", { storyId: bare.id });
    expect(required.status).toBe(400);
    expect(required.body).toMatchObject({
      code: "JIRA_PROJECT_REQUIRED",
      message: "Please select a Jira project first",
    });

    await setSubscriptionPlan(server.ctx, leader.user.id, "basic");
    const downgraded = await leader.client.post("/api/integrations/jira/create-ticket", body);
    expect(downgraded.body).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED" });
    expect(stub.issues.size).toBe(0);
  });

  it("creates a Story with an ADF description and the criteria under a heading, and stores the key", async () => {
    const { leader, session } = await jiraSession();
    const created = await leader.client.post<StoryView>(`/api/sessions/${session.id}/stories`, {
      title: "Export CSV",
      description: "As a PM I want a CSV.\n\nIt opens in Excel.",
      acceptanceCriteria: ["Has a header row", "UTF-8 with BOM"],
    });
    const res = await leader.client.post<{ key: string; storyId: string; story: StoryView }>(
      "/api/integrations/jira/create-ticket",
      { storyId: created.body.id, summary: "Export CSV", description: "As a PM I want a CSV.\n\nIt opens in Excel." },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ storyId: created.body.id, key: "PW-1", story: { ticketNumber: "PW-1" } });
    const issue = stub.issues.get("PW-1");
    expect(issue?.fields.issuetype.name).toBe("Story");
    expect(issue?.fields.summary).toBe("Export CSV");
    expect(issue?.fields.description).toEqual({
      type: "doc",
      version: 1,
      content: [
        { type: "paragraph", content: [{ type: "text", text: "As a PM I want a CSV." }] },
        { type: "paragraph", content: [{ type: "text", text: "It opens in Excel." }] },
        { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Acceptance criteria" }] },
        {
          type: "bulletList",
          content: [
            {
              type: "listItem",
              content: [{ type: "paragraph", content: [{ type: "text", text: "Has a header row" }] }],
            },
            { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "UTF-8 with BOM" }] }] },
          ],
        },
      ],
    });
    expect((await storyOf(leader, session.id, created.body.id)).ticketNumber).toBe("PW-1");
  });

  it("falls back to Task when the project has no Story type, and writes given storyPoints", async () => {
    const { leader, session } = await jiraSession("OPS");
    const story = await buildStory(leader, session.id, { title: "Rotate certificates" });
    const res = await leader.client.post("/api/integrations/jira/create-ticket", { storyId: story.id, storyPoints: 3 });
    expect(res.status).toBe(201);
    await settleJiraWriteBacks(server.ctx);
    expect(stub.issues.get("OPS-1")?.fields.issuetype.name).toBe("Task");
    expect(stub.issues.get("OPS-1")?.fields[STORY_POINT_ESTIMATE_FIELD]).toBe(3);
  });
});

describe("POST /api/sessions/{id}/jira/create-tickets", () => {
  it("answers 401, 403 (outsider; below pro) and 400 without a project", async () => {
    const { leader, session, attacker } = await jiraSession();
    const path = `/api/sessions/${session.id}/jira/create-tickets`;
    const out = { client: new ApiClient(server.url) };
    expect((await out.client.post(path)).status).toBe(401);
    expect((await attacker.client.post(path)).body).toMatchObject({ code: "PERMISSION_DENIED" });
    const noProject = await buildSession(server.url, { leader });
    const bad = await leader.client.post(`/api/sessions/${noProject.session.id}/jira/create-tickets`);
    expect(bad).toMatchObject({ status: 400, body: { code: "JIRA_PROJECT_REQUIRED" } });
    await setSubscriptionPlan(server.ctx, leader.user.id, "free");
    expect((await leader.client.post(path)).body).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED" });
  });

  it("creates a ticket for every story without one; a failure is listed and the rest go on", async () => {
    const { leader, session } = await jiraSession();
    const a = await buildStory(leader, session.id, { title: "Login page" });
    const b = await buildStory(leader, session.id, { title: "REJECT me" });
    await buildStory(leader, session.id, { title: "Has one", ticketNumber: "PW-99" });
    const c = await buildStory(leader, session.id, { title: "Logout" });
    stub.failCreatesWith = "REJECT";
    const res = await leader.client.post(`/api/sessions/${session.id}/jira/create-tickets`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: [
        { storyId: a.id, key: "PW-1" },
        { storyId: c.id, key: "PW-2" },
      ],
      errors: [{ storyId: b.id, message: expect.stringMatching(/summary/) }],
    });
    expect(stub.issues.size).toBe(2);
    stub.failCreatesWith = null;
    const rest = await leader.client.post(`/api/sessions/${session.id}/jira/create-tickets`);
    expect(rest.body).toEqual({ created: [{ storyId: b.id, key: "PW-3" }], errors: [] });
    const none = await leader.client.post(`/api/sessions/${session.id}/jira/create-tickets`);
    expect(none.body).toEqual({ created: [], errors: [] });
  });
});

describe("POST /api/sessions/{id}/jira/search and /jira/import", () => {
  it("answer 401, 403 (outsider; below pro) and 400 on a bad body", async () => {
    const { leader, session, attacker } = await jiraSession();
    const search = `/api/sessions/${session.id}/jira/search`;
    const importPath = `/api/sessions/${session.id}/jira/import`;
    const out = { client: new ApiClient(server.url) };
    expect((await out.client.post(search, {})).status).toBe(401);
    expect((await out.client.post(importPath, { keys: ["PW-1"] })).status).toBe(401);
    expect((await attacker.client.post(search, {})).status).toBe(403);
    expect((await attacker.client.post(importPath, { keys: ["PW-1"] })).status).toBe(403);
    expect((await leader.client.post(search, { jql: 42 })).body).toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await leader.client.post(importPath, { keys: [] })).body).toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await leader.client.post(importPath, { keys: ["not a key"] })).status).toBe(400);
    await setSubscriptionPlan(server.ctx, leader.user.id, "basic");
    expect((await leader.client.post(search, {})).body).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED" });
    expect((await leader.client.post(importPath, { keys: ["PW-1"] })).body).toMatchObject({
      code: "PLAN_UPGRADE_REQUIRED",
    });
  });

  it("previews the project's open stories without points by rank, and imports the chosen ones", async () => {
    const { leader, session } = await jiraSession();
    const first = stub.addIssue({
      project: "PW",
      summary: "Search by tag",
      description: {
        type: "doc",
        version: 1,
        content: [
          {
            type: "paragraph",
            content: [
              { type: "text", text: "Find notes by " },
              { type: "text", text: "tag" },
            ],
          },
          {
            type: "bulletList",
            content: [
              { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "one tag" }] }] },
              { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "many tags" }] }] },
            ],
          },
        ],
      },
    });
    stub.addIssue({ project: "PW", summary: "Already pointed", fields: { [STORY_POINT_ESTIMATE_FIELD]: 5 } });
    stub.addIssue({ project: "PW", summary: "Finished", status: "Done" });
    stub.addIssue({ project: "PW", summary: "A bug", issueType: "Bug" });
    const second = stub.addIssue({ project: "PW", summary: "Share a note" });
    stub.addIssue({ project: "OPS", summary: "Other project", issueType: "Task" });

    const preview = await leader.client.post<{ issues: unknown[]; total: number; jql: string }>(
      `/api/sessions/${session.id}/jira/search`,
      {},
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      issues: [
        { key: first.key, summary: "Search by tag" },
        { key: second.key, summary: "Share a note" },
      ],
      total: 2,
      jql: 'project = "PW" AND issuetype = Story AND statusCategory != Done AND cf[10016] is EMPTY ORDER BY Rank ASC',
    });
    const searchCall = stub.calls.find((c) => c.path === "/rest/api/3/search/jql");
    expect(searchCall?.body).toMatchObject({ fields: ["summary"] });

    const custom = await leader.client.post<{ issues: unknown[] }>(`/api/sessions/${session.id}/jira/search`, {
      jql: "project = OPS",
    });
    expect(custom.body.issues).toEqual([{ key: "OPS-1", summary: "Other project" }]);
    const broken = await leader.client.post(`/api/sessions/${session.id}/jira/search`, { jql: "nonsense here" });
    expect(broken).toMatchObject({ status: 502, body: { code: "JIRA_ERROR" } });

    const imported = await leader.client.post<{ imported: number; stories: StoryView[] }>(
      `/api/sessions/${session.id}/jira/import`,
      { keys: [first.key, second.key] },
    );
    expect(imported.status).toBe(201);
    expect(imported.body.imported).toBe(2);
    expect(imported.body.stories).toEqual([
      expect.objectContaining({
        title: "Search by tag",
        ticketNumber: first.key,
        description: "Find notes by tag\n\n- one tag\n- many tags",
      }),
      expect.objectContaining({ title: "Share a note", ticketNumber: second.key, description: null }),
    ]);
    const again = await leader.client.post(`/api/sessions/${session.id}/jira/import`, { keys: [first.key] });
    expect(again.body).toEqual({ imported: 0, stories: [] });
    const missing = await leader.client.post(`/api/sessions/${session.id}/jira/import`, { keys: ["PW-404"] });
    expect(missing).toMatchObject({ status: 400, body: { code: "VALIDATION_ERROR" } });
  });
});

describe("write-back of the final points (issue #12 section 3)", () => {
  it("writes the points to the discovered field when a story with a ticket is completed", async () => {
    const { leader, session } = await jiraSession();
    const story = await buildStory(leader, session.id, { title: "Write back" });
    await leader.client.post("/api/integrations/jira/create-ticket", { storyId: story.id });
    await complete(leader, story.id, 5);
    await settleJiraWriteBacks(server.ctx);
    expect(stub.issues.get("PW-1")?.fields[STORY_POINT_ESTIMATE_FIELD]).toBe(5);
    const shown = await storyOf(leader, session.id, story.id);
    expect(shown.jiraSync).toEqual({ status: "ok", at: expect.any(String) });
    // The field list was read once for the site.
    expect(stub.calls.filter((c) => c.path === "/rest/api/3/field")).toHaveLength(1);
    const plain = await buildStory(leader, session.id, { title: "No ticket" });
    await complete(leader, plain.id, 3);
    await settleJiraWriteBacks(server.ctx);
    expect((await storyOf(leader, session.id, plain.id)).jiraSync).toBeUndefined();
  });

  it("uses the storyPointsField override", async () => {
    const { leader, session } = await jiraSession();
    await leader.client.post("/api/integrations/jira", config({ storyPointsField: "customfield_10028" }));
    const story = await buildStory(leader, session.id, { title: "Override" });
    await leader.client.post("/api/integrations/jira/create-ticket", { storyId: story.id });
    await complete(leader, story.id, 8);
    await settleJiraWriteBacks(server.ctx);
    expect(stub.issues.get("PW-1")?.fields.customfield_10028).toBe(8);
  });

  it("records a failure on the story without blocking the round, and POST /jira/sync retries it", async () => {
    const { leader, session, attacker } = await jiraSession();
    const story = await buildStory(leader, session.id, { title: "Flaky" });
    await leader.client.post("/api/integrations/jira/create-ticket", { storyId: story.id });
    stub.failEditsNext(1, "Field is not on the edit screen.");
    const done = await complete(leader, story.id, 13);
    expect(done.status).toBe("completed");
    await settleJiraWriteBacks(server.ctx);
    const failed = await storyOf(leader, session.id, story.id);
    expect(failed.jiraSync).toEqual({
      status: "failed",
      error: expect.stringContaining("Field is not on the edit screen."),
      at: expect.any(String),
    });

    const path = `/api/stories/${story.id}/jira/sync`;
    const out = { client: new ApiClient(server.url) };
    expect((await out.client.post(path)).status).toBe(401);
    expect((await attacker.client.post(path)).status).toBe(403);
    const open = await buildStory(leader, session.id, { title: "Not done" });
    expect((await leader.client.post(`/api/stories/${open.id}/jira/sync`)).body).toMatchObject({
      code: "VALIDATION_ERROR",
    });
    const retried = await leader.client.post<{ story: StoryView }>(path);
    expect(retried.status).toBe(200);
    expect(retried.body.story.jiraSync).toMatchObject({ status: "ok" });
    expect(stub.issues.get("PW-1")?.fields[STORY_POINT_ESTIMATE_FIELD]).toBe(13);
    await setSubscriptionPlan(server.ctx, leader.user.id, "basic");
    expect((await leader.client.post(path)).body).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED" });
    // Removing the ticket forgets the write-back state of that ticket.
    const removed = await leader.client.delete<{ story: StoryView }>(`/api/stories/${story.id}/ticket`);
    expect(removed.status).toBe(200);
    expect(removed.body.story.ticketNumber).toBeNull();
    expect(removed.body.story.jiraSync).toBeUndefined();
  });
});

describe("in production (NODE_ENV=production)", () => {
  it("refuses http, private address literals and names resolving to one, unless JIRA_ALLOW_PRIVATE_HOSTS", async () => {
    const pro = await proUser();
    const port = new URL(stub.baseUrl).port;
    const settings = server.ctx.config;
    const test = (serverUrl: string) =>
      pro.client.post<{ success: boolean; error: string }>("/api/teams/integration/test", {
        type: "jira",
        config: config({ serverUrl }),
      });
    settings.nodeEnv = "production";
    try {
      expect((await test(stub.baseUrl)).body).toMatchObject({ code: "VALIDATION_ERROR" });
      for (const serverUrl of [`https://127.0.0.1:${port}`, `https://localhost:${port}`, "https://169.254.169.254"]) {
        const res = await test(serverUrl);
        expect([serverUrl, res.body]).toEqual([serverUrl, { success: false, error: expect.stringMatching(/private/) }]);
      }
      expect(stub.calls).toHaveLength(0);
      settings.integrations.allowPrivateHosts = true;
      const allowed = await test(`https://127.0.0.1:${port}`);
      expect(allowed.body.success).toBe(false);
      expect(allowed.body.error).not.toMatch(/private/);
    } finally {
      settings.nodeEnv = "test";
      settings.integrations.allowPrivateHosts = false;
    }
  });
});
