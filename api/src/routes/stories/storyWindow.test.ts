import http from "node:http";
import zlib from "node:zlib";
import type { StoryView, StoryWindowView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildUser, joinGuest } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket } from "../../testing/wsClient";

/**
 * Issue #22 section 3 ("Big backlogs stay light") and issue #23 section 2: a join carries a
 * window of the queue around the current story, the rest is read a page at a time, pushes carry
 * the session's counts, and JSON answers are compressed.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A CSV of `n` stories "Story 1" ... with tickets WIN-1 ... and a short description each. */
function backlogCsv(n: number, first = 1): string {
  const rows = Array.from({ length: n }, (_, i) => {
    const k = first + i;
    return `WIN-${k},"Story ${k}","The description of story ${k}, long enough to weigh something.",`;
  });
  return ["issuekey,title,description,storypoint", ...rows].join("\n");
}

async function sessionWithBacklog(n: number) {
  const built = await buildSession(server.url);
  const res = await built.leader.client.request(
    "POST",
    `/api/sessions/${built.session.id}/stories/import`,
    backlogCsv(n),
    {
      contentType: "text/csv",
    },
  );
  expect(res.status).toBe(201);
  return built;
}

const windowOf = (client: ApiClient, sessionId: string, query: string) =>
  client.get<StoryWindowView & { errors?: Record<string, string[]> }>(
    `/api/sessions/${sessionId}/stories/window${query}`,
  );

describe("GET /api/sessions/:id/stories/window", () => {
  it("answers a page of the queue with its place and the queue's length", async () => {
    const { leader, session } = await sessionWithBacklog(120);
    const page = await windowOf(leader.client, session.id, "?offset=100&limit=15");
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(120);
    expect(page.body.offset).toBe(100);
    expect(page.body.stories.map((s) => s.title)).toEqual(Array.from({ length: 15 }, (_, i) => `Story ${101 + i}`));
    // The last page is full: the window ends at the end of the queue.
    const last = await windowOf(leader.client, session.id, "?offset=118&limit=10");
    expect(last.body.offset).toBe(110);
    expect(last.body.stories).toHaveLength(10);
  });

  it("opens around a story, and searches titles and tickets with its own count", async () => {
    const { leader, session } = await sessionWithBacklog(120);
    const all = await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`);
    const target = all.body[90] as StoryView;
    const around = await windowOf(leader.client, session.id, `?around=${target.id}&limit=20&before=5`);
    expect(around.body.offset).toBe(85);
    expect(around.body.stories[5]?.id).toBe(target.id);
    const found = await windowOf(leader.client, session.id, "?q=win-11&limit=50");
    // WIN-11 and WIN-110 ... WIN-119.
    expect(found.body.total).toBe(11);
    expect(found.body.stories.map((s) => s.ticketNumber)).toEqual([
      "WIN-11",
      ...Array.from({ length: 10 }, (_, i) => `WIN-${110 + i}`),
    ]);
    // LIKE wildcards are text like any other.
    expect((await windowOf(leader.client, session.id, "?q=%25_")).body.total).toBe(0);
    const second = await windowOf(leader.client, session.id, "?q=story%201&offset=10&limit=5");
    expect(second.body.offset).toBe(10);
    expect(second.body.stories.every((s) => s.title.startsWith("Story 1"))).toBe(true);
  });

  it("answers 401, 403 and 400, and lets every member (guests too) read", async () => {
    const { leader, session } = await sessionWithBacklog(3);
    expect((await windowOf(new ApiClient(server.url), session.id, "")).status).toBe(401);
    const outsider = await buildUser(server.url);
    expect((await windowOf(outsider.client, session.id, "")).status).toBe(403);
    const guest = await joinGuest(server.url, session.id);
    expect((await windowOf(guest.client, session.id, "?limit=2")).body.stories).toHaveLength(2);
    const tooMany = await windowOf(leader.client, session.id, "?limit=500");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.limit).toEqual(["limit must be at most 200"]);
    expect((await windowOf(leader.client, session.id, "?offset=-1")).status).toBe(400);
    expect((await windowOf(leader.client, session.id, "?around=not-a-story")).status).toBe(400);
    expect((await windowOf(leader.client, session.id, `?q=${"x".repeat(201)}`)).status).toBe(400);
  });
});

describe("the join's snapshot of a big backlog", () => {
  it("carries a window around the current story, its votes, and the whole session's counts", async () => {
    const { leader, session } = await sessionWithBacklog(300);
    const all = (await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`)).body;
    const target = all[200] as StoryView;
    expect((await leader.client.post(`/api/sessions/${session.id}/active-story`, { storyId: target.id })).status).toBe(
      200,
    );
    await leader.client.post("/api/votes", { storyId: target.id, points: 5 });
    const ws = await openSocket(server.url, leader.client);
    ws.send({ type: "join_session", sessionId: session.id });
    const snap = await ws.next("session_snapshot");
    expect(snap.stories.length).toBe(30);
    expect(snap.storyWindow.total).toBe(300);
    expect(snap.stories[200 - snap.storyWindow.offset]?.id).toBe(target.id);
    expect(snap.currentStoryId).toBe(target.id);
    expect(snap.votes.map((v) => v.storyId)).toEqual([target.id]);
    expect(snap.session.stats).toMatchObject({ totalStories: 300, openStories: 300, storiesWithTicket: 300 });
    // Bounded: the same window whatever the backlog beyond it.
    expect(JSON.stringify(snap).length).toBeLessThan(40_000);
    await ws.close();
  });

  it("pushes the counts with story changes, and at most 50 stories of a big import", async () => {
    const { leader, session } = await sessionWithBacklog(2);
    const ws = await openSocket(server.url, leader.client);
    ws.send({ type: "join_session", sessionId: session.id });
    await ws.next("session_snapshot");
    await leader.client.request("POST", `/api/sessions/${session.id}/stories/import`, backlogCsv(80, 3), {
      contentType: "text/csv",
    });
    const imported = await ws.next("stories_imported");
    expect(imported.count).toBe(80);
    expect(imported.stories).toHaveLength(50);
    expect(imported.storyStats).toMatchObject({ totalStories: 82, openStories: 82 });
    const first = imported.stories[0] as StoryView;
    await leader.client.post("/api/votes", { storyId: (await firstStory(leader.client, session.id)).id, points: 3 });
    await leader.client.patch(`/api/stories/${first.id}`, { status: "skipped" });
    const skipped = await ws.next("story_status_change", (m) => m.story.id === first.id);
    expect(skipped.storyStats).toMatchObject({ totalStories: 82, openStories: 81, skippedStories: 1 });
    await ws.close();
  });
});

async function firstStory(client: ApiClient, sessionId: string): Promise<StoryView> {
  const page = await windowOf(client, sessionId, "?limit=1");
  return page.body.stories[0] as StoryView;
}

/** A GET with the raw answer: status, headers and the undecoded body. */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
  });
}

describe("compressed JSON answers", () => {
  it("sends brotli or gzip as the client accepts, and small answers as they are", async () => {
    const { leader, session } = await sessionWithBacklog(60);
    const headers = { cookie: leader.client.cookieHeader() };
    const path = `/api/sessions/${session.id}/stories`;
    const plain = await rawGet(path, headers);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await rawGet(path, { ...headers, "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    const gz = await rawGet(path, { ...headers, "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toHaveLength(60);
    const small = await rawGet("/api/health", { "accept-encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ status: "ok" });
  });
});
