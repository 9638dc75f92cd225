import type { StoryView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import { eq } from "drizzle-orm";
import { stories } from "../db/schema";
import { TIMER_SWEEP_MS } from "../jobs/roundTimerScheduler";
import { buildSession, buildStory, joinGuest, type TestUser } from "../testing/factories";
import { roundTrip } from "../testing/room";
import { createScratchDatabase, startTestServer, type TestServer, testDbKind } from "../testing/testServer";
import { openSocket, type TestSocket } from "../testing/wsClient";
import { autoRevealExpiredTimers } from "./autoRevealer";

/**
 * Auto-reveal (issue #8 section 2): on the last vote the round waits for, over REST and the
 * WebSocket, and at the round timer's zero; never when the session's setting is off.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A session (autoReveal as given) with one story, a leader and two guests, and the leader's socket. */
async function scene(autoReveal: boolean) {
  const { leader, session } = await buildSession(server.url);
  if (autoReveal) {
    const res = await leader.client.patch(`/api/sessions/${session.id}`, { autoReveal: true });
    if (res.status !== 200) throw new Error(`PATCH failed: ${res.status}`);
  }
  const story = await buildStory(leader, session.id);
  const ann = await joinGuest(server.url, session.id, "Ann");
  const bob = await joinGuest(server.url, session.id, "Bob");
  const ws = await openSocket(server.url, leader.client);
  ws.send({ type: "join_session", sessionId: session.id });
  await ws.next("session_snapshot");
  return { leader, session, story, ann, bob, ws };
}

const vote = (client: TestUser["client"], storyId: string, points: number | "coffee") =>
  client.post("/api/votes", { storyId, points });

async function isRevealed(leader: TestUser, sessionId: string, storyId: string): Promise<boolean> {
  const list = await leader.client.get<StoryView[]>(`/api/sessions/${sessionId}/stories`);
  return list.body.find((s) => s.id === storyId)?.votesRevealed === true;
}

/**
 * Frames of `type` received so far, once the pushes of every request answered so far have arrived:
 * a reveal is published before its vote, PATCH or sweep answers, and the hub hands it to this
 * instance's sockets at once, so a round trip on the socket is the barrier (issue #24 section 4).
 */
async function framesOf(ws: TestSocket, type: ServerMessage["type"]): Promise<ServerMessage[]> {
  await roundTrip(ws);
  return ws.messages.filter((m) => m.type === type);
}

describe("auto-reveal on the last vote", () => {
  it("reveals over REST once everyone has voted, with every vote's points pushed", async () => {
    const { leader, session, story, ann, bob, ws } = await scene(true);
    expect((await vote(leader.client, story.id, 3)).status).toBe(200);
    expect((await vote(ann.client, story.id, 5)).status).toBe(200);
    expect(await isRevealed(leader, session.id, story.id)).toBe(false);
    expect(await framesOf(ws, "votes_revealed")).toEqual([]);
    expect((await vote(bob.client, story.id, 8)).status).toBe(200);
    // The reveal happened before the last vote's answer.
    expect(await isRevealed(leader, session.id, story.id)).toBe(true);
    const revealed = await ws.next("votes_revealed");
    expect(revealed.story.votesRevealed).toBe(true);
    expect(revealed.votes.map((v) => v.points).sort()).toEqual([3, 5, 8]);
    expect(revealed.results.average).toBe(5.3);
    expect(await framesOf(ws, "votes_revealed")).toHaveLength(1);
    await ws.close();
  });

  it("reveals over the WebSocket once everyone has voted", async () => {
    const { leader, session, story, ann, bob, ws } = await scene(true);
    const sockets = [];
    for (const guest of [ann, bob]) {
      const socket = await openSocket(server.url, guest.client);
      socket.send({ type: "join_session", sessionId: session.id });
      await socket.next("session_snapshot");
      sockets.push(socket);
    }
    const [annWs, bobWs] = sockets as [TestSocket, TestSocket];
    ws.send({ type: "vote_update", storyId: story.id, points: 2 });
    await ws.next("ack");
    annWs.send({ type: "vote_update", storyId: story.id, points: 2 });
    await annWs.next("ack");
    expect(await isRevealed(leader, session.id, story.id)).toBe(false);
    bobWs.send({ type: "vote_update", storyId: story.id, points: 3 });
    for (const socket of [ws, annWs, bobWs]) {
      const revealed = await socket.next("votes_revealed");
      expect(revealed.votes.map((v) => v.points).sort()).toEqual([2, 2, 3]);
      expect(revealed.results.label).toBe("Strong Consensus");
    }
    expect(await isRevealed(leader, session.id, story.id)).toBe(true);
    expect(await framesOf(ws, "votes_revealed")).toHaveLength(1);
    await Promise.all([ws.close(), annWs.close(), bobWs.close()]);
  });

  it("reveals once when the last two votes arrive together", async () => {
    const { leader, session, story, ann, bob, ws } = await scene(true);
    await vote(leader.client, story.id, 1);
    const answers = await Promise.all([vote(ann.client, story.id, 2), vote(bob.client, story.id, 3)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await isRevealed(leader, session.id, story.id)).toBe(true);
    expect(await framesOf(ws, "votes_revealed")).toHaveLength(1);
    await ws.close();
  });

  it("does not reveal when the setting is off", async () => {
    const { leader, session, story, ann, bob, ws } = await scene(false);
    for (const [client, points] of [
      [leader.client, 3],
      [ann.client, 5],
      [bob.client, 8],
    ] as const) {
      expect((await vote(client, story.id, points)).status).toBe(200);
    }
    expect(await isRevealed(leader, session.id, story.id)).toBe(false);
    expect(await framesOf(ws, "votes_revealed")).toEqual([]);
    await ws.close();
  });

  it("does not count a coffee card as a vote", async () => {
    const { leader, session, story, ann, bob, ws } = await scene(true);
    await vote(leader.client, story.id, 3);
    await vote(ann.client, story.id, 5);
    expect((await vote(bob.client, story.id, "coffee")).status).toBe(200);
    expect(await isRevealed(leader, session.id, story.id)).toBe(false);
    expect(await framesOf(ws, "votes_revealed")).toEqual([]);
    // Bob's real vote completes the round.
    await vote(bob.client, story.id, 5);
    expect(await isRevealed(leader, session.id, story.id)).toBe(true);
    await ws.close();
  });
});

describe("auto-reveal when the round stops waiting for someone", () => {
  it("reveals when the leader removes the last voter the round waited for", async () => {
    const { leader, session, story, ann, bob, ws } = await scene(true);
    expect((await vote(leader.client, story.id, 3)).status).toBe(200);
    expect((await vote(ann.client, story.id, 5)).status).toBe(200);
    expect(await isRevealed(leader, session.id, story.id)).toBe(false);
    const removed = await leader.client.delete(`/api/sessions/${session.id}/participants/${bob.join.participant.id}`);
    expect(removed.status).toBe(200);
    const revealed = await ws.next("votes_revealed");
    expect(revealed.votes.map((v) => v.points).sort()).toEqual([3, 5]);
    expect(await isRevealed(leader, session.id, story.id)).toBe(true);
    await ws.close();
  });

  it("reveals when the last voter switches to observer", async () => {
    const { leader, session, story, ann, bob, ws } = await scene(true);
    expect((await vote(leader.client, story.id, 8)).status).toBe(200);
    expect((await vote(ann.client, story.id, 8)).status).toBe(200);
    const switched = await bob.client.patch(`/api/sessions/${session.id}/participants/${bob.join.participant.id}`, {
      role: "observer",
    });
    expect(switched.status).toBe(200);
    await ws.next("votes_revealed");
    expect(await isRevealed(leader, session.id, story.id)).toBe(true);
    await ws.close();
  });

  it("reveals when the leader switches auto-reveal on after everyone has voted", async () => {
    const { leader, session, story, ann, bob, ws } = await scene(false);
    for (const client of [leader.client, ann.client, bob.client]) {
      expect((await vote(client, story.id, 2)).status).toBe(200);
    }
    expect(await isRevealed(leader, session.id, story.id)).toBe(false);
    const res = await leader.client.patch(`/api/sessions/${session.id}`, { autoReveal: true });
    expect(res.status).toBe(200);
    expect(await isRevealed(leader, session.id, story.id)).toBe(true);
    await ws.next("votes_revealed");
    await ws.close();
  });
});

describe("auto-reveal at the round timer's zero", () => {
  it("reveals an expired timer's story with autoReveal on, and stops the timer", async () => {
    const { leader, session, story, ann, ws } = await scene(true);
    await vote(ann.client, story.id, 5);
    const started = await leader.client.post<{ endsAt: string }>(`/api/stories/${story.id}/timer`, { seconds: 30 });
    expect(started.status).toBe(200);
    const deadline = Date.parse(started.body.endsAt);
    // Before the deadline nothing happens; at it, the story is revealed once.
    expect(await autoRevealExpiredTimers(server.ctx, new Date(deadline - 1))).toBe(0);
    expect(await isRevealed(leader, session.id, story.id)).toBe(false);
    expect(await autoRevealExpiredTimers(server.ctx, new Date(deadline))).toBe(1);
    expect(await isRevealed(leader, session.id, story.id)).toBe(true);
    const revealed = await ws.next("votes_revealed");
    expect(revealed.votes.map((v) => v.points)).toEqual([5]);
    expect(revealed.story.timerEndsAt).toBeNull();
    expect(await ws.next("timer_stopped")).toEqual({ type: "timer_stopped", sessionId: session.id, storyId: story.id });
    expect(await autoRevealExpiredTimers(server.ctx, new Date(deadline + 60_000))).toBe(0);
    expect(await framesOf(ws, "votes_revealed")).toHaveLength(1);
    await ws.close();
  });

  it("leaves an expired timer alone with autoReveal off: the deadline stays for 'Time's up'", async () => {
    const { leader, session, story, ws } = await scene(false);
    const started = await leader.client.post<{ endsAt: string }>(`/api/stories/${story.id}/timer`, { seconds: 30 });
    const deadline = Date.parse(started.body.endsAt);
    expect(await autoRevealExpiredTimers(server.ctx, new Date(deadline + 1000))).toBe(0);
    expect(await isRevealed(leader, session.id, story.id)).toBe(false);
    const list = await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`);
    expect(list.body.find((s) => s.id === story.id)?.timerEndsAt).toBe(started.body.endsAt);
    expect(await framesOf(ws, "votes_revealed")).toEqual([]);
    expect(await framesOf(ws, "timer_stopped")).toEqual([]);
    await ws.close();
  });

  it("is revealed by the server's own sweep once a stored deadline has passed (e.g. after a restart)", async () => {
    const { leader, session, story, ws } = await scene(true);
    await leader.client.post(`/api/stories/${story.id}/timer`, { seconds: 30 });
    // The deadline as a restarted server would find it: already passed, no timeout pending here.
    await server.ctx.db
      .update(stories)
      .set({ timerEndsAt: new Date(Date.now() - 1000) })
      .where(eq(stories.id, story.id));
    const revealed = await ws.next("votes_revealed", undefined, TIMER_SWEEP_MS + 3000);
    expect(revealed.story.id).toBe(story.id);
    expect(await isRevealed(leader, session.id, story.id)).toBe(true);
    await ws.close();
  });
});

const onPostgres = testDbKind() === "postgres" ? describe : describe.skip;

onPostgres("two instances on one PostgreSQL database", () => {
  it("reveals an expired timer once between them, whichever sweeps first", async () => {
    const scratch = await createScratchDatabase();
    const a = await startTestServer({ databaseUrl: scratch.url });
    const b = await startTestServer({ databaseUrl: scratch.url });
    try {
      const { leader, session } = await buildSession(a.url);
      await leader.client.patch(`/api/sessions/${session.id}`, { autoReveal: true });
      const story = await buildStory(leader, session.id);
      const guest = await joinGuest(b.url, session.id, "Remote Rita");
      const ws = await openSocket(b.url, guest.client);
      ws.send({ type: "join_session", sessionId: session.id });
      await ws.next("session_snapshot");
      expect((await leader.client.post(`/api/stories/${story.id}/timer`, { seconds: 30 })).status).toBe(200);
      await ws.next("timer_started");
      // The deadline passes while instance a's own timeout is still 30 s away: the sweeps of
      // both instances find it.
      await b.ctx.db
        .update(stories)
        .set({ timerEndsAt: new Date(Date.now() - 1000) })
        .where(eq(stories.id, story.id));
      // Both instances sweep at once (their schedulers may join in): one reveal between them.
      const now = new Date();
      const swept = await Promise.all([autoRevealExpiredTimers(a.ctx, now), autoRevealExpiredTimers(b.ctx, now)]);
      expect(swept[0] + swept[1]).toBeLessThanOrEqual(1);
      await ws.next("votes_revealed", undefined, TIMER_SWEEP_MS + 3000);
      // A later push from a, through the same NOTIFY path: any second reveal came before it.
      await leader.client.patch(`/api/sessions/${session.id}`, { title: "After the sweeps" });
      await ws.next("session_updated", (m) => m.session.title === "After the sweeps");
      expect(ws.messages.filter((m) => m.type === "votes_revealed")).toHaveLength(1);
      await ws.close();
    } finally {
      await Promise.all([a.close(), b.close()]);
      await scratch.drop();
    }
  }, 30_000);
});
