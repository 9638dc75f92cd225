import type { ParticipantView } from "@pointwise/core/presented";
import { CLOSE_REMOVED } from "@pointwise/core/realtime";
import { buildSession, buildStory, joinGuest } from "../testing/factories";
import { startTwoInstances, type TestServer, type TwoInstances, testDbKind } from "../testing/testServer";
import { openSocket } from "../testing/wsClient";

/**
 * Issue #8 section 1 on two instances sharing one PostgreSQL (DESIGN.md "Scale"): a guest
 * connected to instance B leaves, and the leader on instance A is pushed their absence once the
 * grace has run out; the leader removes a guest through A and the guest's socket on B receives
 * `participant_removed` and is closed. PostgreSQL only (PGlite has one instance).
 */
const GRACE_S = 1;
const maybe = testDbKind() === "postgres" ? describe : describe.skip;

maybe("presence and removal across two instances", () => {
  let two: TwoInstances;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const env = { PRESENCE_GRACE_SECONDS: String(GRACE_S) };
    two = await startTwoInstances(env);
    ({ a, b } = two);
  });
  afterAll(() => two?.close());

  it("pushes a guest's absence from one instance to the other", async () => {
    const { leader, session } = await buildSession(a.url);
    const story = await buildStory(leader, session.id);
    const gus = await joinGuest(b.url, session.id, "Gus");
    const leaderWs = await openSocket(a.url, leader.client);
    const gusWs = await openSocket(b.url, gus.client);
    try {
      leaderWs.send({ type: "join_session", sessionId: session.id });
      gusWs.send({ type: "join_session", sessionId: session.id });
      await leaderWs.next("session_snapshot");
      await gusWs.next("session_snapshot");
      await gusWs.close();
      const absent = await leaderWs.next(
        "participants_update",
        (m) => m.participants.some((p: ParticipantView) => p.id === gus.join.participant.id && !p.present),
        GRACE_S * 1000 + 10_000,
      );
      expect(absent).toMatchObject({ currentStoryId: story.id, expectedVoters: 1 });
    } finally {
      await leaderWs.close();
    }
  }, 30_000);

  it("closes a removed guest's socket on the other instance", async () => {
    const { leader, session } = await buildSession(a.url);
    const gus = await joinGuest(b.url, session.id, "Gus");
    const gusWs = await openSocket(b.url, gus.client);
    gusWs.send({ type: "join_session", sessionId: session.id });
    await gusWs.next("session_snapshot");
    const res = await leader.client.delete(`/api/sessions/${session.id}/participants/${gus.join.participant.id}`);
    expect(res.status).toBe(200);
    expect(await gusWs.next("participant_removed")).toMatchObject({ participantId: gus.join.participant.id });
    expect(await gusWs.closed).toMatchObject({ code: CLOSE_REMOVED });
  }, 30_000);
});
