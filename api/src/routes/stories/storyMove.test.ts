import type { StoryView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildStory, joinGuest } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket } from "../../testing/wsClient";

/** Issue #22 section 2: drag and drop in a queue of any length; a new story goes after the current one. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function sessionWithStories(titles: string[]) {
  const built = await buildSession(server.url);
  const list: StoryView[] = [];
  for (const title of titles) list.push(await buildStory(built.leader, built.session.id, { title }));
  return { ...built, list };
}

const queueTitles = async (client: ApiClient, sessionId: string) =>
  (await client.get<StoryView[]>(`/api/sessions/${sessionId}/stories`)).body.map((s) => s.title);

describe("POST /api/stories/:id/move", () => {
  it("puts the story after another or first, numbers the queue and pushes story_moved", async () => {
    const { leader, session, list } = await sessionWithStories(["A", "B", "C", "D"]);
    const [a, b, c, d] = list as [StoryView, StoryView, StoryView, StoryView];
    const ws = await openSocket(server.url, leader.client);
    ws.send({ type: "join_session", sessionId: session.id });
    await ws.next("session_snapshot");

    const down = await leader.client.post<StoryView>(`/api/stories/${a.id}/move`, { afterStoryId: c.id });
    expect(down.status).toBe(200);
    expect(await queueTitles(leader.client, session.id)).toEqual(["B", "C", "A", "D"]);
    expect(await ws.next("story_moved")).toEqual({
      type: "story_moved",
      sessionId: session.id,
      storyId: a.id,
      afterStoryId: c.id,
    });
    await leader.client.post(`/api/stories/${d.id}/move`, { afterStoryId: null });
    expect(await queueTitles(leader.client, session.id)).toEqual(["D", "B", "C", "A"]);
    const positions = (await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`)).body.map(
      (s) => s.position,
    );
    expect(positions).toEqual([0, 1, 2, 3]);
    // Moving a story after its own predecessor changes nothing.
    await leader.client.post(`/api/stories/${b.id}/move`, { afterStoryId: d.id });
    expect(await queueTitles(leader.client, session.id)).toEqual(["D", "B", "C", "A"]);
    await ws.close();
  });

  it("answers 400 for itself or another session's story, 401, 403 and 404", async () => {
    const { leader, session, list } = await sessionWithStories(["A", "B"]);
    const [a] = list as [StoryView];
    const other = await sessionWithStories(["X"]);
    const self = await leader.client.post<{ code: string; errors: Record<string, string[]> }>(
      `/api/stories/${a.id}/move`,
      { afterStoryId: a.id },
    );
    expect(self.status).toBe(400);
    expect(self.body.errors.afterStoryId).toEqual(["Pick another story of this session"]);
    const foreign = await leader.client.post(`/api/stories/${a.id}/move`, { afterStoryId: other.list[0]?.id });
    expect(foreign.status).toBe(400);
    expect((await leader.client.post(`/api/stories/${a.id}/move`, { afterStoryId: "nope" })).status).toBe(400);
    expect((await leader.client.post(`/api/stories/${a.id}/move`, {})).status).toBe(400);
    expect((await new ApiClient(server.url).post(`/api/stories/${a.id}/move`, { afterStoryId: null })).status).toBe(
      401,
    );
    const guest = await joinGuest(server.url, session.id);
    expect((await guest.client.post(`/api/stories/${a.id}/move`, { afterStoryId: null })).status).toBe(403);
    expect((await other.leader.client.post(`/api/stories/${a.id}/move`, { afterStoryId: null })).status).toBe(403);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await leader.client.post(`/api/stories/${missing}/move`, { afterStoryId: null })).status).toBe(404);
  });

  it("leaves the stories' updated_at alone (time per story is measured by it)", async () => {
    const { leader, list } = await sessionWithStories(["A", "B", "C"]);
    const [a, , c] = list as [StoryView, StoryView, StoryView];
    const before = new Map(list.map((s) => [s.id, s.updatedAt]));
    await leader.client.post(`/api/stories/${c.id}/move`, { afterStoryId: null });
    const after = (await leader.client.get<StoryView[]>(`/api/sessions/${a.sessionId}/stories`)).body;
    for (const story of after) expect(story.updatedAt).toBe(before.get(story.id));
  });
});

describe("a story added by hand", () => {
  it("goes right after the group's current story, and the push says where", async () => {
    const { leader, session, list } = await sessionWithStories(["A", "B", "C", "D"]);
    const [, b] = list as [StoryView, StoryView];
    await leader.client.post(`/api/sessions/${session.id}/active-story`, { storyId: b.id });
    const ws = await openSocket(server.url, leader.client);
    ws.send({ type: "join_session", sessionId: session.id });
    await ws.next("session_snapshot");
    const added = await leader.client.post<StoryView>(`/api/sessions/${session.id}/stories`, { title: "New" });
    expect(added.status).toBe(201);
    expect(added.body.position).toBe(2);
    expect(await queueTitles(leader.client, session.id)).toEqual(["A", "B", "New", "C", "D"]);
    const push = await ws.next("story_update", (m) => m.action === "created");
    expect(push.afterStoryId).toBe(b.id);
    expect(push.story.id).toBe(added.body.id);
    // Stories added in a row keep their order (and those added before B became current stay behind).
    await leader.client.post(`/api/sessions/${session.id}/stories`, { title: "Newer" });
    expect(await queueTitles(leader.client, session.id)).toEqual(["A", "B", "New", "Newer", "C", "D"]);
    await ws.close();
  });

  it("goes to the end when every story is done, and first into an empty session", async () => {
    const { leader, session } = await sessionWithStories([]);
    const first = await leader.client.post<StoryView>(`/api/sessions/${session.id}/stories`, { title: "Only" });
    expect(first.status).toBe(201);
    await leader.client.patch(`/api/stories/${first.body.id}`, { status: "skipped" });
    await leader.client.post(`/api/sessions/${session.id}/stories`, { title: "Later" });
    expect(await queueTitles(leader.client, session.id)).toEqual(["Only", "Later"]);
  });
});
