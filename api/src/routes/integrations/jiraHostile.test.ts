import { monitorEventLoopDelay } from "node:perf_hooks";
import type { StoryView } from "@pointwise/core/presented";
import { settleJiraWriteBacks } from "../../integrations/jira/jiraTickets";
import { buildSession, buildStory, buildUser, type TestUser } from "../../testing/factories";
import { JIRA_TEST, type JiraStub, type RawAnswer, startJiraStub } from "../../testing/jiraStub";
import { setSubscriptionPlan } from "../../testing/plans";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { virtualTrackerClock } from "../../testing/virtualTrackerClock";

/*
 * Issue #23 section 6, "A hostile tracker server": a Jira URL pointing at a malicious server.
 * Before, malformed JSON or wrong types gave 500 INTERNAL_ERROR on projects, search and ticket
 * creation (`res.values.map is not a function`), a million-level nested answer held the event
 * loop 0.6-1.2 s a call and grew RSS by 535 MB over four calls, and `Retry-After: 9` held each
 * request 27 s. Every attack goes through the public API against testing/jiraStub scripted to
 * answer raw bytes (`answerRaw`); the server's Retry-After waits run on an injected clock.
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
beforeEach(() => {
  stub.reset();
  delete server.ctx.trackerClock;
});

/** A pro user whose saved connection points at the stub (the connection test passed). */
async function connectedUser(): Promise<TestUser> {
  const user = await buildUser(server.url);
  await setSubscriptionPlan(server.ctx, user.user.id, "pro");
  const res = await user.client.post("/api/integrations/jira", {
    serverUrl: stub.baseUrl,
    email: JIRA_TEST.email,
    apiToken: JIRA_TEST.apiToken,
  });
  expect(res.status).toBe(200);
  return user;
}

/** A session of the PW project led by a connected user, with one story. */
async function jiraSession() {
  const leader = await connectedUser();
  const { session } = await buildSession(server.url, { leader });
  expect((await leader.client.patch(`/api/sessions/${session.id}`, { jiraProjectKey: "PW" })).status).toBe(200);
  const story = await buildStory(leader, session.id, { title: "Hostile" });
  return { leader, session, story };
}

/** The body of a 502 from a Jira answer of the wrong shape; `what` names the answer. */
const unexpectedShape = (what: string) => ({
  code: "JIRA_ERROR",
  message: expect.stringMatching(new RegExp(`^Jira answered in an unexpected shape \\(${what}\\b.*\\)$`)),
});

/** `count` levels of nested arrays: 2 x count bytes that JSON.parse builds into count arrays. */
const nested = (count: number) => `${"[".repeat(count)}${"]".repeat(count)}`;

/** CPU time of this thread, in ms. */
const threadCpuMs = () => {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
};

/**
 * Runs `work` while a 2 ms timer notes the CPU time this thread spent between its turns: the
 * longest stretch that held the event loop (the server runs in this thread). CPU time, so a
 * loaded machine taking the CPU away does not count; monitorEventLoopDelay's wall-clock maximum
 * is printed beside it.
 */
async function loopHeld<T>(label: string, work: () => Promise<T>): Promise<{ value: T; busyMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 2 });
  let busyMs = 0;
  let last = threadCpuMs();
  const turn = () => {
    const now = threadCpuMs();
    busyMs = Math.max(busyMs, now - last);
    last = now;
  };
  const timer = setInterval(turn, 2);
  delay.enable();
  try {
    const value = await work();
    turn();
    console.log(
      `${label}: longest stretch holding the event loop ${busyMs.toFixed(1)} ms of CPU ` +
        `(monitorEventLoopDelay max ${(delay.max / 1e6).toFixed(1)} ms wall clock)`,
    );
    return { value, busyMs };
  } finally {
    clearInterval(timer);
    delay.disable();
  }
}

describe("malformed JSON and wrong types: 502 JIRA_ERROR naming the answer, never 500", () => {
  it("GET /api/integrations/jira/projects", async () => {
    const pro = await connectedUser();
    const answers: [string, RawAnswer][] = [
      ["values is a string (res.values.map is not a function)", { body: '{"values":"PW"}' }],
      ["malformed JSON", { body: '{"values":[{"id":"10000",' }],
      [
        "an HTML page",
        { body: "<html><body>Welcome to nginx!</body></html>", headers: { "content-type": "text/html" } },
      ],
      ["no body", { body: "" }],
      ["a project of the wrong types", { body: '{"values":[{"id":10000,"key":null,"name":["Pointwise"]}]}' }],
      ["a list instead of a page", { body: "[]" }],
    ];
    for (const [label, answer] of answers) {
      stub.answerRaw("GET", "/rest/api/3/project/search", answer);
      const res = await pro.client.get("/api/integrations/jira/projects");
      expect([label, res.status, res.body]).toEqual([label, 502, unexpectedShape("project list")]);
    }
  });

  it("POST /api/sessions/{id}/jira/search: the issues, their count and the field list", async () => {
    const { leader, session } = await jiraSession();
    const search = (jql: string) => leader.client.post(`/api/sessions/${session.id}/jira/search`, { jql });

    stub.answerRaw("POST", "/rest/api/3/search/jql", { body: '{"issues":{"PW-1":"Login"}}' });
    expect(await search("project = PW")).toMatchObject({ status: 502, body: unexpectedShape("issue search") });
    stub.answerRaw("POST", "/rest/api/3/search/jql", { body: '{"issues":[{"key":17,"fields":{"summary":"x"}}]}' });
    expect(await search("project = PW")).toMatchObject({ status: 502, body: unexpectedShape("issue search") });

    stub.reset();
    stub.addIssue({ project: "PW", summary: "Login page" });
    stub.answerRaw("POST", "/rest/api/3/search/approximate-count", { body: '{"count":"many"}' });
    expect(await search("project = PW")).toMatchObject({ status: 502, body: unexpectedShape("issue count") });

    // An empty query reads the field list first (the default query names the points field).
    stub.reset();
    stub.answerRaw("GET", "/rest/api/3/field", { body: '{"fields":[]}' });
    expect(await search("")).toMatchObject({ status: 502, body: unexpectedShape("field list") });
  });

  it("POST /api/integrations/jira/create-ticket: the issue types and the created issue", async () => {
    const { leader, session, story } = await jiraSession();
    const create = () => leader.client.post("/api/integrations/jira/create-ticket", { storyId: story.id });

    stub.answerRaw("GET", "/rest/api/3/issue/createmeta/PW/issuetypes", { body: '{"issueTypes":"Story"}' });
    expect(await create()).toMatchObject({ status: 502, body: unexpectedShape("issue types") });

    stub.reset();
    for (const body of [
      '{"id":"10100","key":{"$ne":null}}',
      `{"id":"10100","key":"PW-${"9".repeat(60)}"}`, // longer than a ticket number (50)
      '{"id":"10100","key":"PW 1; DROP TABLE stories"}',
      "null",
    ]) {
      stub.answerRaw("POST", "/rest/api/3/issue", { status: 201, body });
      expect([body, await create()]).toEqual([
        body,
        expect.objectContaining({ status: 502, body: unexpectedShape("created issue") }),
      ]);
    }
    const stories = await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`);
    expect(stories.body.find((s) => s.id === story.id)?.ticketNumber).toBeNull();
  });

  it("POST /api/sessions/{id}/jira/create-tickets lists each story's failure", async () => {
    const { leader, session, story } = await jiraSession();
    stub.answerRaw("POST", "/rest/api/3/issue", { status: 201, body: '{"id":10100}' });
    const res = await leader.client.post(`/api/sessions/${session.id}/jira/create-tickets`);
    expect(res).toMatchObject({
      status: 200,
      body: {
        created: [],
        errors: [
          {
            storyId: story.id,
            message: expect.stringMatching(/^Jira answered in an unexpected shape \(created issue/),
          },
        ],
      },
    });
  });

  it("POST /api/sessions/{id}/jira/import: an issue whose description is not a document", async () => {
    const { leader, session } = await jiraSession();
    stub.answerRaw("POST", "/rest/api/3/search/jql", {
      body: JSON.stringify({
        issues: [{ id: "1", key: "PW-1", fields: { summary: "Login", description: { type: "doc", content: [null] } } }],
      }),
    });
    stub.answerRaw("POST", "/rest/api/3/search/approximate-count", { body: '{"count":1}' });
    const res = await leader.client.post(`/api/sessions/${session.id}/jira/import`, { keys: ["PW-1"] });
    expect(res).toMatchObject({ status: 502, body: unexpectedShape("issue search") });
  });

  it("the connection test and save report an account answer of the wrong shape", async () => {
    const user = await buildUser(server.url);
    await setSubscriptionPlan(server.ctx, user.user.id, "pro");
    stub.answerRaw("GET", "/rest/api/3/myself", { body: '"hello"' });
    const config = { serverUrl: stub.baseUrl, email: JIRA_TEST.email, apiToken: JIRA_TEST.apiToken };
    const test = await user.client.post("/api/teams/integration/test", { type: "jira", config });
    expect(test).toMatchObject({
      status: 200,
      body: { success: false, error: expect.stringMatching(/^Jira answered in an unexpected shape \(account/) },
    });
    const saved = await user.client.post("/api/integrations/jira", config);
    expect(saved).toMatchObject({
      status: 200,
      body: { testError: expect.stringMatching(/^Jira answered in an unexpected shape \(account/) },
    });
  });
});

describe("a points write-back against a hostile Jira is recorded as failed with the reason", () => {
  /** Completes the story with 5 points and answers its write-back state once settled. */
  async function writeBack(leader: TestUser, sessionId: string, storyId: string) {
    expect((await leader.client.post("/api/votes", { storyId, points: 5 })).status).toBeLessThan(300);
    expect((await leader.client.post(`/api/stories/${storyId}/reveal-votes`)).status).toBe(200);
    const done = await leader.client.patch(`/api/stories/${storyId}`, { status: "completed", finalPoints: 5 });
    expect(done.status).toBe(200);
    await settleJiraWriteBacks(server.ctx);
    const list = await leader.client.get<StoryView[]>(`/api/sessions/${sessionId}/stories`);
    return list.body.find((s) => s.id === storyId)?.jiraSync;
  }

  it("a field list of the wrong shape, and a million-level answer to the edit", async () => {
    const first = await jiraSession();
    expect(
      (await first.leader.client.post("/api/integrations/jira/create-ticket", { storyId: first.story.id })).status,
    ).toBe(201);
    stub.answerRaw("GET", "/rest/api/3/field", { body: '[{"id":"customfield_10016","name":null}]' });
    expect(await writeBack(first.leader, first.session.id, first.story.id)).toEqual({
      status: "failed",
      error: expect.stringMatching(/^Jira answered in an unexpected shape \(field list/),
      at: expect.any(String),
    });

    stub.reset();
    const second = await jiraSession();
    expect(
      (await second.leader.client.post("/api/integrations/jira/create-ticket", { storyId: second.story.id })).status,
    ).toBe(201);
    stub.answerRaw("PUT", "/rest/api/3/issue/PW-1", { body: nested(1_000_000) });
    expect(await writeBack(second.leader, second.session.id, second.story.id)).toEqual({
      status: "failed",
      error: expect.stringMatching(/^Jira answered in an unexpected shape \(.*nested deeper than 64 levels/),
      at: expect.any(String),
    });
  });
});

describe("nesting and size are bounded before parsing", () => {
  it("refuses a million-level nested answer without holding the event loop or growing memory", async () => {
    const pro = await connectedUser();
    stub.answerRaw("GET", "/rest/api/3/project/search", { body: nested(1_000_000) });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const { value: answers, busyMs } = await loopHeld("four million-level answers", async () => {
      const out = [];
      for (let i = 0; i < 4; i++) out.push(await pro.client.get("/api/integrations/jira/projects"));
      return out;
    });
    const grewMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    console.log(`RSS grew by ${grewMb.toFixed(0)} MB over four calls`);
    for (const res of answers) {
      expect(res).toMatchObject({
        status: 502,
        body: {
          code: "JIRA_ERROR",
          message: "Jira answered in an unexpected shape (project list: nested deeper than 64 levels)",
        },
      });
    }
    expect(busyMs).toBeLessThan(100);
    expect(grewMb).toBeLessThan(100);
  });

  it("stops reading an answer at 5 MB", async () => {
    const pro = await connectedUser();
    stub.answerRaw("GET", "/rest/api/3/project/search", {
      body: '{"values":[',
      endless: '{"id":"1","key":"PW","name":"P"},',
    });
    const res = await pro.client.get("/api/integrations/jira/projects");
    expect(res).toMatchObject({
      status: 502,
      body: { code: "JIRA_ERROR", message: "Jira's answer is larger than 5 MB" },
    });
    // 5 MB read, plus what the sockets' buffers held when the client hung up.
    expect(stub.endlessBytesSent).toBeLessThan(21 * 1024 * 1024);
  });
});

describe("rate limits: at most 10 s of Retry-After waits per request, then 503 with Retry-After", () => {
  it("Retry-After: 9 on every call waits 9 s once, not 27 s", async () => {
    const pro = await connectedUser();
    const clock = virtualTrackerClock();
    server.ctx.trackerClock = clock;
    stub.calls.length = 0;
    stub.rateLimitNext(1000, 9);
    const res = await pro.client.get("/api/integrations/jira/projects");
    expect(res).toMatchObject({
      status: 503,
      body: { code: "SERVICE_UNAVAILABLE", message: "Jira is rate limiting requests: try again in 9 s" },
    });
    expect(res.headers.get("retry-after")).toBe("9");
    expect(clock.waits).toEqual([9000]);
    expect(stub.calls).toHaveLength(2);
  });

  it("counts the waits of all the calls one request makes, and honours a 503 with Retry-After", async () => {
    const { leader, session } = await jiraSession();
    const clock = virtualTrackerClock();
    server.ctx.trackerClock = clock;
    stub.addIssue({ project: "PW", summary: "Login page" });
    // The search waits 6 s once; its count call then asks for 6 s more: 12 s in all is too long.
    stub.rateLimitNext(1, 6);
    stub.answerRaw("POST", "/rest/api/3/search/approximate-count", {
      status: 503,
      headers: { "retry-after": "6" },
      body: '{"errorMessages":["Service unavailable"]}',
    });
    const res = await leader.client.post(`/api/sessions/${session.id}/jira/search`, { jql: "project = PW" });
    expect(res).toMatchObject({ status: 503, body: { code: "SERVICE_UNAVAILABLE" } });
    expect(res.headers.get("retry-after")).toBe("6");
    expect(clock.waits).toEqual([6000]);

    // Within the budget the request goes through.
    stub.reset();
    stub.addIssue({ project: "PW", summary: "Login page" });
    clock.waits.length = 0;
    stub.rateLimitNext(2, 4);
    const ok = await leader.client.post(`/api/sessions/${session.id}/jira/search`, { jql: "project = PW" });
    expect(ok).toMatchObject({ status: 200, body: { total: 1 } });
    expect(clock.waits).toEqual([4000, 4000]);
  });

  it("create-tickets stops sending once Jira limits it beyond the request's waits", async () => {
    const { leader, session, story } = await jiraSession();
    const more = [await buildStory(leader, session.id), await buildStory(leader, session.id)];
    const clock = virtualTrackerClock();
    server.ctx.trackerClock = clock;
    stub.answerRaw("POST", "/rest/api/3/issue", { status: 429, headers: { "retry-after": "9" }, body: "" });
    const res = await leader.client.post(`/api/sessions/${session.id}/jira/create-tickets`);
    const message = "Jira is rate limiting requests: try again in 9 s";
    expect(res).toMatchObject({
      status: 200,
      body: { created: [], errors: [story, ...more].map((s) => ({ storyId: s.id, message })) },
    });
    expect(clock.waits).toEqual([9000]);
    expect(stub.calls.filter((c) => c.method === "POST" && c.path === "/rest/api/3/issue")).toHaveLength(2);
  });
});
