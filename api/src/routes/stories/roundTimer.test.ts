import type { SessionView, StoryView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import type { RoundTimerView } from "@pointwise/core/roundTimer";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildStory, buildUser, joinGuest, joinMember } from "../../testing/factories";
import { roundTrip } from "../../testing/room";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket, type TestSocket } from "../../testing/wsClient";

/** The round timer routes and pushes (issue #8 sections 2 and 7). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Snapshot = Extract<ServerMessage, { type: "session_snapshot" }>;

/** A session with two stories (the first is the group's) and the leader's socket joined. */
async function timerScene() {
  const { leader, session } = await buildSession(server.url);
  const first = await buildStory(leader, session.id, { title: "First" });
  const second = await buildStory(leader, session.id, { title: "Second" });
  const ws = await openSocket(server.url, leader.client);
  ws.send({ type: "join_session", sessionId: session.id });
  await ws.next("session_snapshot");
  return { leader, session, first, second, ws };
}

const timerPath = (storyId: string) => `/api/stories/${storyId}/timer`;

async function storyOf(client: ApiClient, sessionId: string, storyId: string): Promise<StoryView | undefined> {
  const list = await client.get<StoryView[]>(`/api/sessions/${sessionId}/stories`);
  return list.body.find((s) => s.id === storyId);
}

/**
 * The frames of `type` since `from`, once every push of the requests answered so far has arrived:
 * the commands publish before they answer and the hub hands a push to this instance's sockets at
 * once, so a round trip on the socket is the barrier (issue #24 section 4).
 */
async function framesAfter(ws: TestSocket, from: number, type: ServerMessage["type"]): Promise<ServerMessage[]> {
  await roundTrip(ws);
  return ws.messages.slice(from).filter((m) => m.type === type);
}

describe("POST /api/stories/:id/timer", () => {
  it("starts the timer on the group's story: timerEndsAt on the story, timer_started pushed", async () => {
    const { leader, session, first, ws } = await timerScene();
    const guest = await joinGuest(server.url, session.id, "Gus");
    const guestWs = await openSocket(server.url, guest.client);
    guestWs.send({ type: "join_session", sessionId: session.id });
    await guestWs.next("session_snapshot");

    const before = Date.now();
    const res = await leader.client.post<RoundTimerView>(timerPath(first.id), { seconds: 90 });
    const after = Date.now();
    expect(res.status).toBe(200);
    const endsAt = Date.parse(res.body.endsAt ?? "");
    expect(endsAt).toBeGreaterThanOrEqual(before + 90_000);
    expect(endsAt).toBeLessThanOrEqual(after + 90_000);
    expect(res.body.story.timerEndsAt).toBe(res.body.endsAt);
    expect(Math.abs(Date.parse(res.body.serverNow) - after)).toBeLessThan(1000);

    for (const socket of [ws, guestWs]) {
      const pushed = await socket.next("timer_started");
      expect(pushed).toEqual({
        type: "timer_started",
        sessionId: session.id,
        storyId: first.id,
        endsAt: res.body.endsAt,
        serverNow: expect.any(String),
      });
      expect(Number.isNaN(Date.parse(pushed.serverNow))).toBe(false);
    }
    expect((await storyOf(guest.client, session.id, first.id))?.timerEndsAt).toBe(res.body.endsAt);

    // A reload finds the timer: in the snapshot's story and the session's serverNow.
    const again = await openSocket(server.url, guest.client);
    again.send({ type: "join_session", sessionId: session.id });
    const snap = (await again.next("session_snapshot")) as Snapshot;
    expect(snap.stories.find((s) => s.id === first.id)?.timerEndsAt).toBe(res.body.endsAt);
    expect(Math.abs(Date.parse(snap.serverNow) - Date.now())).toBeLessThan(2000);
    const rest = await guest.client.get<SessionView>(`/api/sessions/${session.id}`);
    expect(Math.abs(Date.parse(rest.body.serverNow ?? "") - Date.now())).toBeLessThan(2000);

    // Restarting replaces the deadline.
    const restart = await leader.client.post<RoundTimerView>(timerPath(first.id), { seconds: 30 });
    expect(restart.status).toBe(200);
    expect(Date.parse(restart.body.endsAt ?? "")).toBeLessThan(endsAt);
    expect((await ws.next("timer_started")).endsAt).toBe(restart.body.endsAt);
    await Promise.all([ws.close(), guestWs.close(), again.close()]);
  });

  it.each([
    ["29", { seconds: 29 }],
    ["601", { seconds: 601 }],
    ['"abc"', { seconds: "abc" }],
    ['"60"', { seconds: "60" }],
    ["45.5", { seconds: 45.5 }],
    ["missing", {}],
  ])("answers 400 VALIDATION_ERROR for seconds %s", async (_name, body) => {
    const { leader, first, session, ws } = await timerScene();
    const res = await leader.client.post<{ code: string; errors: Record<string, string[]> }>(timerPath(first.id), body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    expect(Object.keys(res.body.errors)).toContain("seconds");
    expect((await storyOf(leader.client, session.id, first.id))?.timerEndsAt).toBeNull();
    expect(await framesAfter(ws, 0, "timer_started")).toEqual([]);
    await ws.close();
  });

  it("answers 401 without sign-in and 403 to a member, a guest and a leader of another session", async () => {
    const { session, first, leader, ws } = await timerScene();
    const member = await buildUser(server.url);
    await joinMember(member, session.id);
    const guest = await joinGuest(server.url, session.id);
    const other = await buildSession(server.url);
    const attacker = await buildUser(server.url);
    const body = { seconds: 60 };
    expect((await new ApiClient(server.url).post(timerPath(first.id), body)).status).toBe(401);
    expect((await new ApiClient(server.url).delete(timerPath(first.id))).status).toBe(401);
    for (const client of [member.client, guest.client, other.leader.client, attacker.client]) {
      const started = await client.post<{ code: string }>(timerPath(first.id), body);
      expect(started.status).toBe(403);
      expect(started.body.code).toBe("PERMISSION_DENIED");
      expect((await client.delete(timerPath(first.id))).status).toBe(403);
    }
    expect((await storyOf(leader.client, session.id, first.id))?.timerEndsAt).toBeNull();
    expect(await framesAfter(ws, 0, "timer_started")).toEqual([]);
    // The victim's own timer is untouched by an attacker's DELETE.
    await leader.client.post(timerPath(first.id), body);
    expect((await other.leader.client.delete(timerPath(first.id))).status).toBe(403);
    expect((await storyOf(leader.client, session.id, first.id))?.timerEndsAt).not.toBeNull();
    await ws.close();
  });

  it("answers 404 for an unknown or malformed story", async () => {
    const { leader, ws } = await timerScene();
    expect((await leader.client.post(timerPath("00000000-0000-4000-8000-000000000000"), { seconds: 60 })).status).toBe(
      404,
    );
    expect((await leader.client.post(timerPath("nope"), { seconds: 60 })).status).toBe(404);
    expect((await leader.client.delete(timerPath("nope"))).status).toBe(404);
    await ws.close();
  });

  it("answers 409 STORY_NOT_ACTIVE off the group's story and 409 VOTING_CLOSED once revealed or closed", async () => {
    const { leader, session, first, second, ws } = await timerScene();
    const notActive = await leader.client.post<{ code: string; message: string }>(timerPath(second.id), {
      seconds: 60,
    });
    expect(notActive.status).toBe(409);
    expect(notActive.body).toEqual({
      code: "STORY_NOT_ACTIVE",
      message: "The round timer runs only on the group's active story",
    });

    expect((await leader.client.post(`/api/stories/${first.id}/reveal-votes`)).status).toBe(200);
    const revealed = await leader.client.post<{ code: string; message: string }>(timerPath(first.id), {
      seconds: 60,
    });
    expect(revealed.status).toBe(409);
    expect(revealed.body).toEqual({ code: "VOTING_CLOSED", message: "Votes are already revealed for this story" });

    expect((await leader.client.patch(`/api/stories/${first.id}`, { status: "completed" })).status).toBe(200);
    const closed = await leader.client.post<{ code: string }>(timerPath(first.id), { seconds: 60 });
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe("VOTING_CLOSED");
    // The group moved on to the second story: its timer may run now.
    expect((await leader.client.post(timerPath(second.id), { seconds: 60 })).status).toBe(200);
    expect(await framesAfter(ws, 0, "timer_started")).toHaveLength(1);
    expect((await storyOf(leader.client, session.id, first.id))?.timerEndsAt).toBeNull();
    await ws.close();
  });
});

describe("DELETE /api/stories/:id/timer", () => {
  it("stops the timer: timerEndsAt null, timer_stopped pushed; stopping again pushes nothing", async () => {
    const { leader, session, first, ws } = await timerScene();
    await leader.client.post(timerPath(first.id), { seconds: 120 });
    await ws.next("timer_started");
    const res = await leader.client.delete<RoundTimerView>(timerPath(first.id));
    expect(res.status).toBe(200);
    expect(res.body.endsAt).toBeNull();
    expect(res.body.story.timerEndsAt).toBeNull();
    expect(await ws.next("timer_stopped")).toEqual({ type: "timer_stopped", sessionId: session.id, storyId: first.id });
    expect((await storyOf(leader.client, session.id, first.id))?.timerEndsAt).toBeNull();
    const from = ws.messages.length;
    expect((await leader.client.delete(timerPath(first.id))).status).toBe(200);
    expect(await framesAfter(ws, from, "timer_stopped")).toEqual([]);
    await ws.close();
  });
});

describe("the timer stops on reveal, new round and story change", () => {
  it("stops when the votes are revealed", async () => {
    const { leader, session, first, ws } = await timerScene();
    await leader.client.post(timerPath(first.id), { seconds: 60 });
    const reveal = await leader.client.post<{ story: StoryView }>(`/api/stories/${first.id}/reveal-votes`);
    expect(reveal.body.story.timerEndsAt).toBeNull();
    expect((await ws.next("votes_revealed")).story.timerEndsAt).toBeNull();
    expect(await ws.next("timer_stopped")).toEqual({ type: "timer_stopped", sessionId: session.id, storyId: first.id });
    expect((await storyOf(leader.client, session.id, first.id))?.timerEndsAt).toBeNull();
    await ws.close();
  });

  it("stops on a new round", async () => {
    const { leader, session, first, ws } = await timerScene();
    await leader.client.post(timerPath(first.id), { seconds: 60 });
    expect((await leader.client.post(`/api/stories/${first.id}/new-round`)).status).toBe(200);
    expect((await ws.next("round_started")).story.timerEndsAt).toBeNull();
    expect(await ws.next("timer_stopped")).toEqual({ type: "timer_stopped", sessionId: session.id, storyId: first.id });
    expect((await storyOf(leader.client, session.id, first.id))?.timerEndsAt).toBeNull();
    await ws.close();
  });

  it("stops when the leader sets another active story", async () => {
    const { leader, session, first, second, ws } = await timerScene();
    await leader.client.post(timerPath(first.id), { seconds: 60 });
    const res = await leader.client.post(`/api/sessions/${session.id}/active-story`, { storyId: second.id });
    expect(res.status).toBe(200);
    expect(await ws.next("timer_stopped")).toEqual({ type: "timer_stopped", sessionId: session.id, storyId: first.id });
    expect((await storyOf(leader.client, session.id, first.id))?.timerEndsAt).toBeNull();
    await ws.close();
  });

  it("keeps the timer when the leader sets the same story active again", async () => {
    const { leader, session, first, ws } = await timerScene();
    await leader.client.post(timerPath(first.id), { seconds: 60 });
    await leader.client.post(`/api/sessions/${session.id}/active-story`, { storyId: first.id });
    expect((await storyOf(leader.client, session.id, first.id))?.timerEndsAt).not.toBeNull();
    expect(await framesAfter(ws, 0, "timer_stopped")).toEqual([]);
    await ws.close();
  });

  it("stops when the story is skipped, also over the WebSocket", async () => {
    const { leader, session, first, second, ws } = await timerScene();
    await leader.client.post(timerPath(first.id), { seconds: 60 });
    ws.send({ type: "story_status_change", storyId: first.id, status: "skipped" });
    expect((await ws.next("story_status_change")).story.timerEndsAt).toBeNull();
    expect((await ws.next("active_story_changed")).storyId).toBe(second.id);
    expect(await ws.next("timer_stopped")).toEqual({ type: "timer_stopped", sessionId: session.id, storyId: first.id });
    expect((await storyOf(leader.client, session.id, first.id))?.timerEndsAt).toBeNull();
    await ws.close();
  });
});
