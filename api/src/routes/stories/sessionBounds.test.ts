import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { ImportResult, StoryView } from "@pointwise/core/presented";
import { sessionRowCounts, voteOnEveryStory } from "../../testing/bulkVotes";
import { realBacklogCsv } from "../../testing/csvFixtures";
import { type EventLoopStalls, watchEventLoop } from "../../testing/eventLoopWatch";
import { buildSession, buildStory, joinGuest, type TestUser } from "../../testing/factories";
import { JIRA_TEST, type JiraStub, startJiraStub } from "../../testing/jiraStub";
import { setSubscriptionPlan } from "../../testing/plans";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket } from "../../testing/wsClient";

/**
 * Issue #23 section 2 ("Sessions without bounds") and section 7 (a refused 100,000-row CSV):
 * a session holds at most MAX_STORIES_PER_SESSION stories (default 2,000) whichever way they
 * come, an import is at most 5 MB and 2,000 rows, a description at most 5,000 characters, and
 * importing, refusing and deleting a big backlog never hold the event loop long. The server
 * runs in this thread with PGlite, so the watch sees the database's work too.
 */

/*
 * PGlite keeps its files on disk here, as a server does (DATA_DIR ./.data): with the tests'
 * usual `memory://` they live in Emscripten's MEMFS, which copies a whole file each time it
 * grows by an eighth, 0.4-0.6 s in one piece once a file is tens of MB (a cost no server pays).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pointwise-bounds-"));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type ImportAnswer = ImportResult & { code?: string; message?: string; limit?: number; storyCount?: number };

const importCsv = (leader: TestUser, sessionId: string, csv: string) =>
  leader.client.request<ImportAnswer>("POST", `/api/sessions/${sessionId}/stories/import`, csv, {
    contentType: "text/csv",
  });

/**
 * The same import sent with node:http, the CSV already in bytes, so that what the watch sees is
 * the server's work and not the test client's: fetch (undici) spends 40-200 ms of this thread
 * checking and copying a 2.7 MB body before it sends it.
 */
async function importBytes(
  leader: TestUser,
  sessionId: string,
  csv: Buffer,
): Promise<{ status: number; body: ImportAnswer }> {
  const csrf = await leader.client.csrf();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${leader.client.baseUrl}/api/sessions/${sessionId}/stories/import`,
      {
        method: "POST",
        headers: {
          "content-type": "text/csv",
          "content-length": csv.length,
          "x-csrf-token": csrf,
          cookie: leader.client.cookieHeader(),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(csv);
  });
}

/** A CSV of `n` short stories K-1 ... (no descriptions). */
const shortCsv = (n: number, prefix = "K") =>
  `issuekey,title,description,storypoint\n${Array.from({ length: n }, (_, i) => `${prefix}-${i + 1},Story ${i + 1},,`).join("\n")}\n`;

/** Runs `work` under an event-loop watch; prints what it saw, returns it with the work's value. */
async function watched<T>(label: string, work: () => Promise<T>): Promise<{ value: T; stalls: EventLoopStalls }> {
  const watch = watchEventLoop();
  const value = await work();
  const stalls = watch.stop();
  console.log(
    `${label}: longest stretch holding the event loop ${stalls.longestBusyMs.toFixed(1)} ms of CPU, ` +
      `${stalls.longestWorkMs.toFixed(1)} ms without the garbage collector's pauses ` +
      `(longest timer lag ${stalls.longestLagMs.toFixed(1)} ms wall clock)`,
  );
  return { value, stalls };
}

/**
 * The bound asserted on one stretch's work (CPU time without the collector's pauses): the
 * issue's 50 ms with room for a machine so loaded that the same work costs more CPU time
 * (measured here: 20-40 ms, up to 62 ms at a load average of 9 on two cores). The code before
 * issue #23 held the loop 2.1-3.2 s (import), 0.19-0.32 s (refusal) and 1.0-1.1 s (delete) in
 * one stretch, and the collector's pauses were a small part of that.
 */
const MAX_WORK_MS = 100;

describe("a 2,000-story session (the default MAX_STORIES_PER_SESSION)", () => {
  it("imports 2,000 real stories, refuses more, sends a bounded snapshot, and is deleted with its votes, never holding the event loop", async () => {
    const { leader, session } = await buildSession(server.url);
    const csv = Buffer.from(realBacklogCsv(2000));
    const imported = await watched("import of 2,000 real rows", () => importBytes(leader, session.id, csv));
    expect(imported.value.status).toBe(201);
    expect(imported.value.body.imported).toBe(2000);
    // mesos.csv's long descriptions are shortened to 5,000 characters, their rows listed.
    const shortened = imported.value.body.shortened ?? [];
    expect(shortened.length).toBeGreaterThan(50);
    const all = (await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`)).body;
    expect(all).toHaveLength(2000);
    expect(Math.max(...all.map((s) => s.description?.length ?? 0))).toBeLessThanOrEqual(5000);
    expect(shortened.every((row) => all[row - 1]?.description?.endsWith("…"))).toBe(true);

    // Full: one more story, or an import of one, is refused naming the limit.
    const one = await leader.client.post<ImportAnswer>(`/api/sessions/${session.id}/stories`, { title: "One more" });
    expect(one.status).toBe(400);
    expect(one.body).toMatchObject({ code: "VALIDATION_ERROR", limit: 2000, storyCount: 2000 });
    expect(one.body.message).toContain("at most 2,000 stories");
    const more = await importCsv(leader, session.id, shortCsv(1));
    expect(more.status).toBe(400);
    expect(more.body).toMatchObject({ code: "VALIDATION_ERROR", imported: 0, limit: 2000 });
    expect(more.body.message).toContain("at most 2,000 stories");

    // Three guests' votes on every story.
    const guests = await Promise.all([1, 2, 3].map((n) => joinGuest(server.url, session.id, `Guest ${n}`)));
    const cast = await voteOnEveryStory(
      server.ctx,
      session.id,
      guests.map((g) => g.join.participant.id),
    );
    expect(cast).toBe(6000);

    // A join's snapshot: the window around the current story and its votes, whatever the
    // backlog's length (issue #22 section 3, "Big backlogs stay light").
    const ws = await openSocket(server.url, leader.client);
    ws.send({ type: "join_session", sessionId: session.id });
    const snapshot = await ws.next("session_snapshot");
    expect(snapshot.stories).toHaveLength(30);
    expect(snapshot.storyWindow.total).toBe(2000);
    expect(snapshot.session.stats).toMatchObject({ totalStories: 2000 });
    const inWindow = new Set(snapshot.stories.map((s) => s.id));
    expect(snapshot.votes.length).toBeLessThanOrEqual(30 * 3);
    expect(snapshot.votes.every((v) => inWindow.has(v.storyId))).toBe(true);
    // 30 stories of at most 5,000 characters each, against 2.6 MB for the whole backlog.
    expect(JSON.stringify(snapshot).length).toBeLessThan(200_000);
    expect(JSON.stringify(all).length).toBeGreaterThan(2_000_000);
    await ws.close();
    const deleted = await watched("delete of the 2,000-story session with 6,000 votes", () =>
      leader.client.request("DELETE", `/api/sessions/${session.id}`),
    );
    expect(deleted.value.status).toBe(200);
    expect(await sessionRowCounts(server.ctx, session.id)).toEqual({ stories: 0, votes: 0 });
    expect((await leader.client.get(`/api/sessions/${session.id}`)).status).toBe(404);

    expect(imported.stalls.longestWorkMs).toBeLessThan(MAX_WORK_MS);
    expect(deleted.stalls.longestWorkMs).toBeLessThan(MAX_WORK_MS);
  });

  it("refuses a 100,000-row CSV by its row count, reading no further, without holding the event loop", async () => {
    const { leader, session } = await buildSession(server.url);
    const huge = Buffer.from(shortCsv(100_000, "BIG"));
    const refused = await watched("refusal of a 100,000-row CSV", () => importBytes(leader, session.id, huge));
    expect(refused.value.status).toBe(400);
    expect(refused.value.body).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "At most 2,000 stories per import",
      imported: 0,
      limit: 2000,
    });
    expect(await sessionRowCounts(server.ctx, session.id)).toEqual({ stories: 0, votes: 0 });
    expect(refused.stalls.longestWorkMs).toBeLessThan(MAX_WORK_MS);
  });

  it("takes 2,000 rows in one import and refuses 2,001 whole", async () => {
    const { leader, session } = await buildSession(server.url);
    const over = await importCsv(leader, session.id, shortCsv(2001));
    expect(over.status).toBe(400);
    expect(over.body.message).toBe("At most 2,000 stories per import");
    expect(await sessionRowCounts(server.ctx, session.id)).toEqual({ stories: 0, votes: 0 });
    const exact = await importCsv(leader, session.id, shortCsv(2000));
    expect(exact.body).toEqual({ imported: 2000, errors: [] });
  });

  it("refuses a CSV over 5 MB with 413 naming the limit, and takes one of just under", async () => {
    const { leader, session } = await buildSession(server.url);
    const header = "issuekey,title,description,storypoint\n";
    const row = (i: number, description: string) => `L-${i},Long ${i},"${description}",\n`;
    // 1,150 rows of 4,700 characters: 5.4 MB.
    const big = header + Array.from({ length: 1150 }, (_, i) => row(i + 1, "d".repeat(4700))).join("");
    expect(Buffer.byteLength(big)).toBeGreaterThan(5 * 1024 * 1024);
    const refused = await importCsv(leader, session.id, big);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: "VALIDATION_ERROR", limit: 5 * 1024 * 1024 });
    expect(refused.body.message).toContain("at most 5 MB");
    const fits = header + Array.from({ length: 1050 }, (_, i) => row(i + 1, "d".repeat(4700))).join("");
    expect(Buffer.byteLength(fits)).toBeLessThan(5 * 1024 * 1024);
    expect((await importCsv(leader, session.id, fits)).body).toEqual({ imported: 1050, errors: [] });
  });

  it("shortens an imported description to 5,000 characters and says which rows", async () => {
    const { leader, session } = await buildSession(server.url);
    const long = `${"word ".repeat(1200)}end`;
    const csv = `issuekey,title,description,storypoint\nS-1,Short,"A short one",\nS-2,Long,"${long}",3\nS-3,Exact,"${"x".repeat(5000)}",\n`;
    const res = await importCsv(leader, session.id, csv);
    expect(res.body).toEqual({ imported: 3, errors: [], shortened: [2] });
    const stories = (await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`)).body;
    expect(stories.map((s) => s.description?.length)).toEqual([11, 5000, 5000]);
    expect(stories[1]?.description).toBe(`${long.slice(0, 4999)}…`);
  });
});

describe("MAX_STORIES_PER_SESSION=10: every way in counts, under the session's lock", () => {
  let small: TestServer;
  let stub: JiraStub;
  beforeAll(async () => {
    stub = await startJiraStub();
    small = await startTestServer({ env: { MAX_STORIES_PER_SESSION: "10" } });
  });
  afterAll(async () => {
    await small.close();
    await stub.close();
  });

  it("refuses a story at the limit, and an import or a Jira import that would pass it, whole", async () => {
    const { leader, session } = await buildSession(small.url);
    expect((await importCsv(leader, session.id, shortCsv(8))).status).toBe(201);
    const over = await importCsv(leader, session.id, shortCsv(3, "O"));
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "A session holds at most 10 stories: it has 8, and 3 more would make 11",
      imported: 0,
      errors: [{ row: 0, message: "A session holds at most 10 stories: it has 8, and 3 more would make 11" }],
      limit: 10,
      storyCount: 8,
    });
    await buildStory(leader, session.id, { title: "Ninth" });
    await buildStory(leader, session.id, { title: "Tenth" });
    const eleventh = await leader.client.post<ImportAnswer>(`/api/sessions/${session.id}/stories`, {
      title: "Eleventh",
    });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "A session holds at most 10 stories, and this one has 10",
      limit: 10,
    });

    // The Jira import: a pro leader with a connection, two issues into a session holding 9.
    await setSubscriptionPlan(small.ctx, leader.user.id, "pro");
    const connected = await leader.client.post("/api/integrations/jira", {
      serverUrl: stub.baseUrl,
      email: JIRA_TEST.email,
      apiToken: JIRA_TEST.apiToken,
    });
    expect(connected.status).toBe(200);
    const jira = await buildSession(small.url, { leader });
    await importCsv(leader, jira.session.id, shortCsv(9));
    const a = stub.addIssue({ project: "PW", summary: "First" });
    const b = stub.addIssue({ project: "PW", summary: "Second" });
    const refused = await leader.client.post<ImportAnswer>(`/api/sessions/${jira.session.id}/jira/import`, {
      keys: [a.key, b.key],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "VALIDATION_ERROR", limit: 10, storyCount: 9 });
    expect((await sessionRowCounts(small.ctx, jira.session.id)).stories).toBe(9);
    const fits = await leader.client.post(`/api/sessions/${jira.session.id}/jira/import`, { keys: [a.key] });
    expect(fits.status).toBe(201);
    expect((await sessionRowCounts(small.ctx, jira.session.id)).stories).toBe(10);
  });

  it("lets only one of two imports at once pass when both would not fit", async () => {
    const { leader, session } = await buildSession(small.url);
    const [first, second] = await Promise.all([
      importCsv(leader, session.id, shortCsv(6, "A")),
      importCsv(leader, session.id, shortCsv(6, "B")),
    ]);
    expect([first?.status, second?.status].sort()).toEqual([201, 400]);
    expect((await sessionRowCounts(small.ctx, session.id)).stories).toBe(6);
  });
});
