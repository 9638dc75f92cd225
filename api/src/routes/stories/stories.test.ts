import fs from "node:fs";
import type { StoryRoundView, StoryView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { BAMBOO_CSV, firstCsvRecords } from "../../testing/csvFixtures";
import { buildSession, buildStory, buildUser, joinGuest } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket } from "../../testing/wsClient";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const importCsv = (client: ApiClient, sessionId: string, csv: string) =>
  client.request<Record<string, unknown>>("POST", `/api/sessions/${sessionId}/stories/import`, csv, {
    contentType: "text/csv",
  });

describe("POST /api/sessions/:id/stories", () => {
  it("adds a story for the leader; the first becomes the group's active story", async () => {
    const { leader, session } = await buildSession(server.url);
    const res = await leader.client.post<StoryView>(`/api/sessions/${session.id}/stories`, {
      title: "Login page",
      description: "As a user...",
      acceptanceCriteria: ["Shows errors", "  ", "Remembers me"],
      ticketNumber: "WEB-12",
      teamId: "no-team",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: "Login page",
      acceptanceCriteria: ["Shows errors", "Remembers me"],
      ticketNumber: "WEB-12",
      status: "pending",
      votesRevealed: false,
      finalPoints: null,
      round: 1,
    });
    const fresh = await leader.client.get<{ activeStoryId: string }>(`/api/sessions/${session.id}`);
    expect(fresh.body.activeStoryId).toBe(res.body.id);
  });

  it("answers 400 with the spec's messages, 401 and 403", async () => {
    const { leader, session } = await buildSession(server.url);
    const bad = await leader.client.post<{ errors: Record<string, string[]> }>(`/api/sessions/${session.id}/stories`, {
      title: "",
      description: "d".repeat(5001),
      ticketNumber: "BAD TICKET!",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.title).toEqual(["Must be at least 1 character(s)"]);
    expect(bad.body.errors.description).toEqual(["Must be no more than 5000 characters"]);
    expect(bad.body.errors.ticketNumber).toEqual(["Invalid ticket format"]);
    const longTicket = await leader.client.post<{ errors: Record<string, string[]> }>(
      `/api/sessions/${session.id}/stories`,
      {
        title: "x",
        ticketNumber: "A".repeat(51),
      },
    );
    expect(longTicket.body.errors.ticketNumber).toContain("Ticket number must be no more than 50 characters");
    const guest = await joinGuest(server.url, session.id);
    expect((await guest.client.post(`/api/sessions/${session.id}/stories`, { title: "x" })).status).toBe(403);
    expect((await new ApiClient(server.url).post(`/api/sessions/${session.id}/stories`, { title: "x" })).status).toBe(
      401,
    );
    expect((await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`)).body).toEqual([]);
  });
});

describe("POST /api/sessions/:id/stories/import", () => {
  it("imports the first 10 stories of bamboo.csv with keys as ticket numbers", async () => {
    const { leader, session } = await buildSession(server.url);
    const res = await importCsv(leader.client, session.id, firstCsvRecords(BAMBOO_CSV, 10));
    expect(res.status).toBe(201);
    // Row 3's description is longer than a story's 5,000 characters: shortened (issue #23 section 2).
    expect(res.body).toEqual({ imported: 10, errors: [], shortened: [3] });
    const stories = (await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`)).body;
    expect(stories).toHaveLength(10);
    expect(stories[0]).toMatchObject({
      ticketNumber: "BAM-65",
      title: "Allows CVS repo to timeout and report on locking issues",
    });
    expect(stories[1]).toMatchObject({ ticketNumber: "BAM-932", description: null }); // NULL -> empty
    expect(stories.map((s) => s.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("imports the whole real backlog, descriptions over 5,000 characters shortened and listed", async () => {
    const { leader, session } = await buildSession(server.url);
    const res = await importCsv(leader.client, session.id, fs.readFileSync(BAMBOO_CSV, "utf8"));
    expect(res.status).toBe(201);
    // bamboo.csv: 21 of its 521 descriptions are longer than a story's 5,000 (issue #23 section 2).
    expect(res.body).toEqual({ imported: 521, errors: [], shortened: expect.any(Array) });
    const shortened = res.body.shortened as number[];
    expect(shortened).toHaveLength(21);
    const stories = (await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`)).body;
    expect(Math.max(...stories.map((s) => s.description?.length ?? 0))).toBeLessThanOrEqual(5000);
    expect(shortened.every((row) => stories[row - 1]?.description?.endsWith("…"))).toBe(true);
  });

  it("accepts a Jira CSV export", async () => {
    const { leader, session } = await buildSession(server.url);
    const csv =
      'Summary,Issue key,Issue id,Description\n"Export, with comma",PROJ-1,10001,"Line 1\nLine 2"\nSecond,PROJ-2,10002,\n';
    const res = await importCsv(leader.client, session.id, csv);
    expect(res.body).toEqual({ imported: 2, errors: [] });
    const stories = (await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`)).body;
    expect(stories.map((s) => [s.ticketNumber, s.title, s.description])).toEqual([
      ["PROJ-1", "Export, with comma", "Line 1\nLine 2"],
      ["PROJ-2", "Second", null],
    ]);
  });

  it("imports nothing when a row is bad, and says which row", async () => {
    const { leader, session } = await buildSession(server.url);
    const csv = `issuekey,title,description,storypoint\nA-1,Fine,NULL,3\nA-2,${"t".repeat(201)},NULL,5\nA 3,Bad key,NULL,1\n`;
    const res = await importCsv(leader.client, session.id, csv);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    expect(res.body.imported).toBe(0);
    expect(res.body.errors).toEqual([
      { row: 2, message: "title: Must be no more than 200 characters" },
      { row: 3, message: "ticket: Invalid ticket format" },
    ]);
    expect((await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`)).body).toEqual([]);
  });

  it("rejects CSVs without a title column, empty bodies and broken quoting", async () => {
    const { leader, session } = await buildSession(server.url);
    expect((await importCsv(leader.client, session.id, "key,name\nA-1,x\n")).status).toBe(400);
    expect((await importCsv(leader.client, session.id, "   ")).status).toBe(400);
    expect((await importCsv(leader.client, session.id, 'title\n"unterminated\n')).status).toBe(400);
    const guest = await joinGuest(server.url, session.id);
    expect((await importCsv(guest.client, session.id, "title\nx\n")).status).toBe(403);
    expect((await importCsv(new ApiClient(server.url), session.id, "title\nx\n")).status).toBe(401);
  });
});

describe("PATCH /api/stories/:id, new rounds, active story, DELETE", () => {
  it("completes a revealed story with final points and moves the group on; skips another", async () => {
    const { leader, session } = await buildSession(server.url);
    const first = await buildStory(leader, session.id, { title: "First" });
    const second = await buildStory(leader, session.id, { title: "Second" });
    const third = await buildStory(leader, session.id, { title: "Third" });
    await leader.client.post("/api/votes", { storyId: first.id, points: 5 });
    const early = await leader.client.patch<{ code: string }>(`/api/stories/${first.id}`, {
      status: "completed",
      finalPoints: 5,
    });
    expect(early.status).toBe(400);
    await leader.client.post(`/api/stories/${first.id}/reveal-votes`);
    const done = await leader.client.patch<StoryView>(`/api/stories/${first.id}`, {
      status: "completed",
      finalPoints: 5,
    });
    expect(done.body).toMatchObject({ status: "completed", finalPoints: 5, consensus: true });
    expect((await leader.client.get<{ activeStoryId: string }>(`/api/sessions/${session.id}`)).body.activeStoryId).toBe(
      second.id,
    );
    const skipped = await leader.client.patch<StoryView>(`/api/stories/${second.id}`, { status: "skipped" });
    expect(skipped.body.status).toBe("skipped");
    const s = (await leader.client.get<{ activeStoryId: string; stats: object }>(`/api/sessions/${session.id}`)).body;
    expect(s.activeStoryId).toBe(third.id);
    expect(s.stats).toMatchObject({ totalStories: 3, totalPoints: 5 });
  });

  it("proposes final points from the votes when none are given", async () => {
    const { leader, session } = await buildSession(server.url);
    const story = await buildStory(leader, session.id);
    const guest = await joinGuest(server.url, session.id);
    await leader.client.post("/api/votes", { storyId: story.id, points: 3 });
    await guest.client.post("/api/votes", { storyId: story.id, points: 13 });
    await leader.client.post(`/api/stories/${story.id}/reveal-votes`);
    const done = await leader.client.patch<StoryView>(`/api/stories/${story.id}`, { status: "completed" });
    expect(done.body).toMatchObject({ finalPoints: 8, consensus: false }); // average 8
  });

  it("validates and guards story updates", async () => {
    const { leader, session } = await buildSession(server.url);
    const story = await buildStory(leader, session.id);
    const bad = await leader.client.patch<{ errors: Record<string, string[]> }>(`/api/stories/${story.id}`, {
      status: "done",
      finalPoints: 1000,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.finalPoints).toEqual(["Final points must be between 0 and 999"]);
    const guest = await joinGuest(server.url, session.id);
    expect((await guest.client.patch(`/api/stories/${story.id}`, { status: "skipped" })).status).toBe(403);
    expect((await new ApiClient(server.url).patch(`/api/stories/${story.id}`, { status: "skipped" })).status).toBe(401);
    const attacker = await buildUser(server.url);
    expect((await attacker.client.patch(`/api/stories/${story.id}`, { title: "pwned" })).status).toBe(403);
    expect(
      (await leader.client.patch("/api/stories/00000000-0000-4000-8000-000000000000", { title: "x" })).status,
    ).toBe(404);
    const edited = await leader.client.patch<StoryView>(`/api/stories/${story.id}`, {
      acceptanceCriteria: "one\n\ntwo",
    });
    expect(edited.body.acceptanceCriteria).toEqual(["one", "two"]);
  });

  it("removes a story's ticket number (leader only)", async () => {
    const { leader, session } = await buildSession(server.url);
    const created = await leader.client.post<StoryView>(`/api/sessions/${session.id}/stories`, {
      title: "T",
      ticketNumber: "BAM-1",
    });
    const guest = await joinGuest(server.url, session.id);
    expect((await guest.client.delete(`/api/stories/${created.body.id}/ticket`)).status).toBe(403);
    expect((await new ApiClient(server.url).delete(`/api/stories/${created.body.id}/ticket`)).status).toBe(401);
    const removed = await leader.client.delete<{ message: string; story: StoryView }>(
      `/api/stories/${created.body.id}/ticket`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.story.ticketNumber).toBeNull();
    expect((await leader.client.delete("/api/stories/00000000-0000-4000-8000-000000000000/ticket")).status).toBe(404);
  });

  it("starts a new round that clears the votes", async () => {
    const { leader, session } = await buildSession(server.url);
    const story = await buildStory(leader, session.id);
    await leader.client.post("/api/votes", { storyId: story.id, points: 8 });
    await leader.client.post(`/api/stories/${story.id}/reveal-votes`);
    const guest = await joinGuest(server.url, session.id);
    expect((await guest.client.post(`/api/stories/${story.id}/new-round`)).status).toBe(403);
    const round = await leader.client.post<StoryView>(`/api/stories/${story.id}/new-round`);
    expect(round.body).toMatchObject({ round: 2, votesRevealed: false, status: "voting" });
    expect((await leader.client.get(`/api/stories/${story.id}/votes`)).body).toEqual([]);
  });

  it("sets the group's active story (leader only) and deletes stories", async () => {
    const { leader, session } = await buildSession(server.url);
    const a = await buildStory(leader, session.id);
    const b = await buildStory(leader, session.id);
    const other = await buildSession(server.url);
    const foreign = await buildStory(other.leader, other.session.id);
    const guest = await joinGuest(server.url, session.id);
    expect((await guest.client.post(`/api/sessions/${session.id}/active-story`, { storyId: b.id })).status).toBe(403);
    expect((await leader.client.post(`/api/sessions/${session.id}/active-story`, { storyId: "nope" })).status).toBe(
      400,
    );
    expect((await leader.client.post(`/api/sessions/${session.id}/active-story`, { storyId: foreign.id })).status).toBe(
      404,
    );
    const set = await leader.client.post<{ activeStoryId: string }>(`/api/sessions/${session.id}/active-story`, {
      storyId: b.id,
    });
    expect(set.body.activeStoryId).toBe(b.id);
    expect((await guest.client.delete(`/api/stories/${b.id}`)).status).toBe(403);
    expect((await leader.client.delete(`/api/stories/${b.id}`)).status).toBe(200);
    const after = await leader.client.get<{ activeStoryId: string }>(`/api/sessions/${session.id}`);
    expect(after.body.activeStoryId).toBe(a.id);
  });
});

describe("PUT /api/sessions/:id/story-order", () => {
  it("sets the queue order for the leader, pushes it and lists the stories in that order", async () => {
    const { leader, session } = await buildSession(server.url);
    const a = await buildStory(leader, session.id, { title: "A" });
    const b = await buildStory(leader, session.id, { title: "B" });
    const c = await buildStory(leader, session.id, { title: "C" });
    const ws = await openSocket(server.url, leader.client);
    ws.send({ type: "join_session", sessionId: session.id, userId: leader.user.id });
    await ws.next("session_snapshot");
    const res = await leader.client.put<StoryView[]>(`/api/sessions/${session.id}/story-order`, {
      storyIds: [c.id, a.id, b.id],
    });
    expect(res.status).toBe(200);
    expect(res.body.map((s) => s.title)).toEqual(["C", "A", "B"]);
    expect(await ws.next("stories_reordered")).toEqual({
      type: "stories_reordered",
      sessionId: session.id,
      storyIds: [c.id, a.id, b.id],
    });
    const listed = await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`);
    expect(listed.body.map((s) => s.title)).toEqual(["C", "A", "B"]);
    await ws.close();
  });

  it("answers 400 for a partial, repeated or foreign list, 401 and 403 (attacker and guest)", async () => {
    const { leader, session } = await buildSession(server.url);
    const a = await buildStory(leader, session.id);
    const b = await buildStory(leader, session.id);
    const other = await buildSession(server.url);
    const foreign = await buildStory(other.leader, other.session.id);
    const path = `/api/sessions/${session.id}/story-order`;
    for (const storyIds of [[a.id], [a.id, a.id], [a.id, foreign.id], [a.id, b.id, foreign.id], ["nope"], []]) {
      const bad = await leader.client.put<{ code: string }>(path, { storyIds });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe("VALIDATION_ERROR");
    }
    expect((await new ApiClient(server.url).put(path, { storyIds: [b.id, a.id] })).status).toBe(401);
    const guest = await joinGuest(server.url, session.id);
    expect((await guest.client.put(path, { storyIds: [b.id, a.id] })).status).toBe(403);
    const attacker = await buildUser(server.url);
    expect((await attacker.client.put(path, { storyIds: [b.id, a.id] })).status).toBe(403);
    expect((await other.leader.client.put(path, { storyIds: [b.id, a.id] })).status).toBe(403);
    const listed = await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`);
    expect(listed.body.map((s) => s.id)).toEqual([a.id, b.id]);
  });
});

describe("GET /api/stories/:id/rounds", () => {
  it("keeps each finished round: revealed votes, average and consensus label", async () => {
    const { leader, session } = await buildSession(server.url);
    const story = await buildStory(leader, session.id);
    const guest = await joinGuest(server.url, session.id, "Gus");
    await leader.client.post("/api/votes", { storyId: story.id, points: 1 });
    await guest.client.post("/api/votes", { storyId: story.id, points: 13 });
    expect((await leader.client.get(`/api/stories/${story.id}/rounds`)).body).toEqual([]);
    await leader.client.post(`/api/stories/${story.id}/reveal-votes`);
    await leader.client.post(`/api/stories/${story.id}/new-round`);
    await leader.client.post("/api/votes", { storyId: story.id, points: 5 });
    await leader.client.post(`/api/stories/${story.id}/new-round`);
    const rounds = await guest.client.get<StoryRoundView[]>(`/api/stories/${story.id}/rounds`);
    expect(rounds.status).toBe(200);
    expect(rounds.body).toEqual([
      {
        round: 1,
        votes: [
          expect.objectContaining({ storyId: story.id, points: 1, hasVoted: true }),
          expect.objectContaining({ displayName: "Gus", points: 13 }),
        ],
        average: 7,
        consensusLabel: "Wide Spread",
      },
      { round: 2, votes: [], average: null, consensusLabel: null },
    ]);
  });

  it("answers 401, 403 to a stranger and 404 for an unknown story", async () => {
    const { leader, session } = await buildSession(server.url);
    const story = await buildStory(leader, session.id);
    const path = `/api/stories/${story.id}/rounds`;
    expect((await new ApiClient(server.url).get(path)).status).toBe(401);
    const attacker = await buildUser(server.url);
    expect((await attacker.client.get(path)).status).toBe(403);
    expect((await leader.client.get("/api/stories/00000000-0000-4000-8000-000000000000/rounds")).status).toBe(404);
  });
});

describe("PATCH /api/stories/:id corrections", () => {
  it("edits fields, reopens a skipped story and changes a completed story's final points", async () => {
    const { leader, session } = await buildSession(server.url);
    const story = await buildStory(leader, session.id);
    const edited = await leader.client.patch<StoryView>(`/api/stories/${story.id}`, {
      title: "Renamed",
      description: "Now with details",
      ticketNumber: "WEB-7",
      acceptanceCriteria: ["Works"],
    });
    expect(edited.body).toMatchObject({
      title: "Renamed",
      description: "Now with details",
      ticketNumber: "WEB-7",
      acceptanceCriteria: ["Works"],
    });
    const ws = await openSocket(server.url, leader.client);
    ws.send({ type: "join_session", sessionId: session.id, userId: leader.user.id });
    await ws.next("session_snapshot");
    expect((await leader.client.patch(`/api/stories/${story.id}`, { status: "skipped" })).status).toBe(200);
    const reopened = await leader.client.patch<StoryView>(`/api/stories/${story.id}`, { status: "pending" });
    expect(reopened.body.status).toBe("pending");
    expect(await ws.next("story_status_change", (m) => m.story.status === "pending")).toMatchObject({
      story: { id: story.id },
    });
    await leader.client.post("/api/votes", { storyId: story.id, points: 3 });
    await leader.client.post(`/api/stories/${story.id}/reveal-votes`);
    await leader.client.patch(`/api/stories/${story.id}`, { status: "completed", finalPoints: 3 });
    const corrected = await leader.client.patch<StoryView>(`/api/stories/${story.id}`, { finalPoints: 5 });
    expect(corrected.body).toMatchObject({ status: "completed", finalPoints: 5 });
    expect(await ws.next("story_updated", (m) => m.story.finalPoints === 5)).toBeTruthy();
    await ws.close();
  });
});
