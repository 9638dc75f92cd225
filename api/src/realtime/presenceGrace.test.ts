import type { ParticipantView, SessionView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import { PRESENCE_GRACE_SECONDS } from "@pointwise/core/voters";
import { joinGuest } from "../testing/factories";
import { endGraceOf, graceLeftSeconds } from "../testing/presenceClock";
import { buildRoom, connect } from "../testing/room";
import { startTestServer, type TestServer } from "../testing/testServer";
import type { TestSocket } from "../testing/wsClient";

/**
 * The presence grace (issue #8 section 1) at its real length: a guest who closes their socket
 * still counts for the grace, then every client is pushed a participants_update with them absent
 * and the counts dropped, without polling; the non-leader reveal rule follows. The grace runs on
 * the database's clock: the tests end it by moving `present_until` (testing/presenceClock) and
 * wait for the heartbeat's sweep push, never for the grace itself (issue #24 section 4). A guest
 * who joined and never connected ("canary") is swept by the same statement as everyone, so their
 * absence push says a sweep has run.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Snapshot = Extract<ServerMessage, { type: "session_snapshot" }>;

/** A sweep runs every heartbeat (2.5 s): its push arrives within one, with room for a slow machine. */
const SWEEP_WAIT_MS = 8000;

/** Waits for the push that says `participantId` is absent (present false). */
const absenceOf = (ws: TestSocket, participantId: string) =>
  ws.next(
    "participants_update",
    (m) => m.participants.some((p: ParticipantView) => p.id === participantId && !p.present),
    SWEEP_WAIT_MS,
  );

it("stops waiting for a guest once the grace after their disconnect has run out, and pushes it", async () => {
  const room = await buildRoom(server.url, { memberName: "Ada" });
  const { leader, member: ada, guest: gus, session, story } = room;
  const canary = await joinGuest(server.url, session.id, "Canary");
  const leaderWs = await connect(server.url, leader.client, session.id);
  const gusWs = await connect(server.url, gus.client, session.id, gus.join.participant.id);
  const adaWs = await connect(server.url, ada.client, session.id);
  try {
    const snapshot = leaderWs.messages.find((m) => m.type === "session_snapshot") as Snapshot;
    expect(snapshot.participants.every((p) => p.present)).toBe(true);
    // Connected sockets outlive the join's grace: every grace ended, a sweep (the canary's absence)
    // leaves three expected voters.
    await endGraceOf(server.ctx.db, [room.ids.leader, room.ids.member, room.ids.guest, canary.join.participant.id]);
    expect(await absenceOf(leaderWs, canary.join.participant.id)).toMatchObject({ expectedVoters: 3 });
    const state = await leader.client.get<SessionView>(`/api/sessions/${session.id}`);
    expect(state.body).toMatchObject({ currentStoryId: story.id, votedCount: 0, expectedVoters: 3 });
    await leader.client.post("/api/votes", { storyId: story.id, points: 5 });
    await ada.client.post("/api/votes", { storyId: story.id, points: 5 });
    // Gus has not voted: Ada may not reveal yet.
    expect((await ada.client.post(`/api/stories/${story.id}/reveal-votes`)).status).toBe(403);

    await gusWs.close();
    const offline = await leaderWs.next("participants_update", (m) =>
      m.offline.includes(`p:${gus.join.participant.id}`),
    );
    // The grace starts at the close and lasts PRESENCE_GRACE_SECONDS; within it Gus still counts,
    // sweeps included (a second canary's absence is one).
    expect(offline).toMatchObject({ votedCount: 2, expectedVoters: 3 });
    const left = await graceLeftSeconds(server.ctx.db, gus.join.participant.id);
    expect(left).toBeGreaterThan(PRESENCE_GRACE_SECONDS - 5);
    expect(left).toBeLessThanOrEqual(PRESENCE_GRACE_SECONDS);
    const second = await joinGuest(server.url, session.id, "Second canary");
    await endGraceOf(server.ctx.db, [second.join.participant.id]);
    const swept = await absenceOf(adaWs, second.join.participant.id);
    expect(swept.participants.find((p) => p.id === gus.join.participant.id)?.present ?? true).toBe(true);
    expect(swept).toMatchObject({ votedCount: 2, expectedVoters: 3 });

    // The grace over: the next sweep pushes Gus absent and the counts without him.
    await endGraceOf(server.ctx.db, [gus.join.participant.id]);
    const absent = await absenceOf(adaWs, gus.join.participant.id);
    expect(absent).toMatchObject({ currentStoryId: story.id, votedCount: 2, expectedVoters: 2 });
    const people = (await leader.client.get<ParticipantView[]>(`/api/sessions/${session.id}/participants`)).body;
    expect(people.find((p) => p.id === gus.join.participant.id)?.present).toBe(false);
    // Everyone present has voted: a non-leader may reveal now.
    expect((await ada.client.post(`/api/stories/${story.id}/reveal-votes`)).status).toBe(200);
  } finally {
    await Promise.all([leaderWs.close(), gusWs.close(), adaWs.close()]);
  }
}, 30_000);

it("makes a returning guest present again, with a push", async () => {
  const room = await buildRoom(server.url);
  const { leader, guest: gus, session } = room;
  const leaderWs = await connect(server.url, leader.client, session.id);
  try {
    // Gus never connects: absent once the join's grace is over.
    await endGraceOf(server.ctx.db, [gus.join.participant.id]);
    await absenceOf(leaderWs, gus.join.participant.id);
    const gusWs = await connect(server.url, gus.client, session.id, gus.join.participant.id);
    const back = await leaderWs.next("participants_update", (m) =>
      m.participants.some((p) => p.id === gus.join.participant.id && p.present),
    );
    // Leader, member (joined with the link, present in their grace) and Gus.
    expect(back.expectedVoters).toBe(3);
    await gusWs.close();
  } finally {
    await leaderWs.close();
  }
}, 30_000);
