import type { ParticipantView, SessionView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import { buildSession, buildStory, joinGuest } from "../testing/factories";
import { startTestServer, type TestServer } from "../testing/testServer";
import { openSocket } from "../testing/wsClient";

/**
 * The presence grace (issue #8 section 1) with PRESENCE_GRACE_SECONDS=1: a guest who closes
 * their socket still counts for the grace, then every client is pushed a participants_update
 * with them absent and the counts dropped, without polling; the non-leader reveal rule follows.
 */
const GRACE_S = 1;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PRESENCE_GRACE_SECONDS: String(GRACE_S) } });
});
afterAll(() => server.close());

type Snapshot = Extract<ServerMessage, { type: "session_snapshot" }>;

it("stops waiting for a guest once the grace after their disconnect has run out, and pushes it", async () => {
  const { leader, session } = await buildSession(server.url);
  const story = await buildStory(leader, session.id);
  const gus = await joinGuest(server.url, session.id, "Gus");
  const ada = await joinGuest(server.url, session.id, "Ada");
  const leaderWs = await openSocket(server.url, leader.client);
  const gusWs = await openSocket(server.url, gus.client);
  const adaWs = await openSocket(server.url, ada.client);
  try {
    for (const ws of [leaderWs, gusWs, adaWs]) ws.send({ type: "join_session", sessionId: session.id });
    await gusWs.next("session_snapshot");
    await adaWs.next("session_snapshot");
    const snapshot = (await leaderWs.next("session_snapshot")) as Snapshot;
    expect(snapshot.participants.every((p) => p.present)).toBe(true);
    // Connected sockets outlive the join's grace: still three expected voters after it.
    await new Promise((r) => setTimeout(r, GRACE_S * 1000 + 3000));
    const state = await leader.client.get<SessionView>(`/api/sessions/${session.id}`);
    expect(state.body).toMatchObject({ currentStoryId: story.id, votedCount: 0, expectedVoters: 3 });
    await leader.client.post("/api/votes", { storyId: story.id, points: 5 });
    await ada.client.post("/api/votes", { storyId: story.id, points: 5 });
    // Gus has not voted: Ada may not reveal yet.
    expect((await ada.client.post(`/api/stories/${story.id}/reveal-votes`)).status).toBe(403);

    const closedAt = Date.now();
    await gusWs.close();
    const offline = await leaderWs.next("participants_update", (m) =>
      m.offline.includes(`p:${gus.join.participant.id}`),
    );
    // Within the grace Gus still counts.
    expect(offline).toMatchObject({ votedCount: 2, expectedVoters: 3 });
    const absent = await adaWs.next(
      "participants_update",
      (m) => m.participants.some((p: ParticipantView) => p.id === gus.join.participant.id && !p.present),
      GRACE_S * 1000 + 8000,
    );
    const after = Date.now() - closedAt;
    expect(after).toBeGreaterThanOrEqual(GRACE_S * 1000 - 100);
    expect(absent).toMatchObject({ currentStoryId: story.id, votedCount: 2, expectedVoters: 2 });
    console.log(`grace ${GRACE_S} s: absence pushed ${after} ms after the socket closed`);
    const people = (await leader.client.get<ParticipantView[]>(`/api/sessions/${session.id}/participants`)).body;
    expect(people.find((p) => p.id === gus.join.participant.id)?.present).toBe(false);
    // Everyone present has voted: a non-leader may reveal now.
    expect((await ada.client.post(`/api/stories/${story.id}/reveal-votes`)).status).toBe(200);
  } finally {
    await Promise.all([leaderWs.close(), gusWs.close(), adaWs.close()]);
  }
}, 30_000);

it("makes a returning guest present again, with a push", async () => {
  const { leader, session } = await buildSession(server.url);
  await buildStory(leader, session.id);
  const gus = await joinGuest(server.url, session.id, "Gus");
  const leaderWs = await openSocket(server.url, leader.client);
  try {
    leaderWs.send({ type: "join_session", sessionId: session.id });
    await leaderWs.next("session_snapshot");
    // Gus never connects: absent once the join's grace is over.
    await leaderWs.next(
      "participants_update",
      (m) => m.participants.some((p) => p.id === gus.join.participant.id && !p.present),
      GRACE_S * 1000 + 8000,
    );
    const gusWs = await openSocket(server.url, gus.client);
    gusWs.send({ type: "join_session", sessionId: session.id });
    const back = await leaderWs.next("participants_update", (m) =>
      m.participants.some((p) => p.id === gus.join.participant.id && p.present),
    );
    expect(back.expectedVoters).toBe(2);
    await gusWs.close();
  } finally {
    await leaderWs.close();
  }
}, 30_000);
