import type { ParticipantView, SessionView } from "@pointwise/core/presented";
import { type ServerMessage, SNAPSHOT_PARTICIPANT_WINDOW } from "@pointwise/core/realtime";
import { buildSession, buildStory, joinGuest, type TestUser } from "../testing/factories";
import { connect, settleRoom } from "../testing/room";
import { startTestServer, type TestServer } from "../testing/testServer";
import type { TestSocket } from "../testing/wsClient";
import { participantsUpdateWindowMs } from "./participantsUpdate";

/**
 * Issue #24 section 3, "500 people joining one session": a room bigger than
 * SNAPSHOT_PARTICIPANT_WINDOW sends each joiner its first people, the leader and the joiner
 * themself with the room's counts; deltas carry full views only of that window (and of a role
 * change); GET /api/sessions/{id}/participants?offset&limit pages through everyone. A small room
 * is as before. Through HTTP and WebSocket, on the test database (PGlite or PostgreSQL).
 */

type Snapshot = Extract<ServerMessage, { type: "session_snapshot" }>;
type Update = Extract<ServerMessage, { type: "participants_update" }>;

/** Guests a big room gets besides its leader: five beyond the window. */
const GUESTS = SNAPSHOT_PARTICIPANT_WINDOW + 4;

describe("participantsUpdateWindowMs", () => {
  it("grows 50 ms per 50 people, up to 1 s", () => {
    expect([0, 1, 50, 51, 100, 250, 500, 5000].map(participantsUpdateWindowMs)).toEqual([
      50, 50, 50, 100, 100, 250, 500, 1000,
    ]);
  });
});

describe("a room bigger than the snapshot's window", () => {
  let server: TestServer;
  let leader: TestUser;
  let session: SessionView;
  let sessionId: string;
  let storyId: string;
  let leaderId: string;
  let everyone: ParticipantView[];
  let guests: Awaited<ReturnType<typeof joinGuest>>[];
  let leaderWs: TestSocket;

  beforeAll(async () => {
    server = await startTestServer();
    const built = await buildSession(server.url, { title: "All hands" });
    leader = built.leader;
    session = built.session;
    sessionId = session.id;
    storyId = (await buildStory(leader, sessionId)).id;
    // maxParticipants defaults to 50: room for the leader and GUESTS guests.
    guests = [];
    for (let i = 0; i < GUESTS; i += 8) {
      const batch = Array.from({ length: Math.min(8, GUESTS - i) }, (_, j) =>
        joinGuest(server.url, sessionId, `Guest ${String(i + j + 1).padStart(2, "0")}`),
      );
      guests.push(...(await Promise.all(batch)));
    }
    everyone = (await leader.client.get<ParticipantView[]>(`/api/sessions/${sessionId}/participants`)).body;
    leaderId = everyone.find((p) => p.userId === leader.user.id)?.id ?? "";
    leaderWs = await connect(server.url, leader.client, sessionId);
  }, 60_000);
  afterAll(async () => {
    await leaderWs?.close();
    await server.close();
  });

  /** settleRoom's view of this room: its marker is the leader's no-op role change. */
  const room = () => ({ leader, session, ids: { leader: leaderId, member: "", guest: "" } });

  it("gives the leader the first people and the whole room's counts", () => {
    expect(everyone).toHaveLength(GUESTS + 1);
    const snapshot = leaderWs.messages.find((m): m is Snapshot => m.type === "session_snapshot");
    expect(snapshot?.participants.map((p) => p.id)).toEqual(
      everyone.slice(0, SNAPSHOT_PARTICIPANT_WINDOW).map((p) => p.id),
    );
    expect(snapshot?.participantCounts).toEqual({ total: GUESTS + 1, present: GUESTS + 1 });
    expect(snapshot).toMatchObject({ currentStoryId: storyId, votedCount: 0, expectedVoters: GUESTS + 1 });
    expect(snapshot?.session.stats.participantCount).toBe(GUESTS + 1);
    const shown = new Set(snapshot?.participants.map((p) => p.voterKey));
    expect(snapshot?.presence.online.every((key) => shown.has(key))).toBe(true);
    expect(snapshot?.presence.leaderPresent).toBe(true);
  });

  it("gives a joiner beyond the window the window, themself and the counts; members get counts only", async () => {
    const last = guests[guests.length - 1];
    if (!last) throw new Error("no guests");
    const marks = [leaderWs.messages.length];
    const lastWs = await connect(server.url, last.client, sessionId, last.join.participant.id);
    try {
      const snapshot = lastWs.messages.find((m): m is Snapshot => m.type === "session_snapshot");
      expect(snapshot?.participants).toHaveLength(SNAPSHOT_PARTICIPANT_WINDOW + 1);
      expect(snapshot?.participants.at(-1)?.id).toBe(last.join.participant.id);
      expect(snapshot?.participants.map((p) => p.id)).toContain(leaderId);
      expect(snapshot?.participantCounts?.total).toBe(GUESTS + 1);

      // A newcomer (46th): the room hears of them by the counts alone.
      const newcomer = await joinGuest(server.url, sessionId, "Late Lou");
      const newWs = await connect(server.url, newcomer.client, sessionId, newcomer.join.participant.id);
      try {
        await leaderWs.next("participants_update", (m) => m.participantCounts?.total === GUESTS + 2);
        const [frames = []] = await settleRoom(room(), [leaderWs], marks);
        const updates = frames.filter((m): m is Update => m.type === "participants_update");
        expect(updates.length).toBeGreaterThan(0);
        const newKey = `p:${newcomer.join.participant.id}`;
        for (const update of updates) {
          expect(update.participants.some((p) => p.id === newcomer.join.participant.id)).toBe(false);
          expect(update.participants.some((p) => p.id === last.join.participant.id)).toBe(false);
          expect(update.online).not.toContain(newKey);
        }
        expect(updates.at(-1)).toMatchObject({
          participantCounts: { total: GUESTS + 2, present: GUESTS + 2 },
          expectedVoters: GUESTS + 2,
        });
      } finally {
        await newWs.close();
      }
    } finally {
      await lastWs.close();
    }
  }, 30_000);

  it("sends a role change and a vote of someone beyond the window to everyone", async () => {
    const far = guests[GUESTS - 2];
    if (!far) throw new Error("no guests");
    const farId = far.join.participant.id;
    const res = await leader.client.patch(`/api/sessions/${sessionId}/participants/${farId}`, { role: "observer" });
    expect(res.status).toBe(200);
    const update = await leaderWs.next("participants_update", (m) => m.participants.some((p) => p.id === farId));
    expect(update.participants.find((p) => p.id === farId)?.role).toBe("observer");
    await leader.client.patch(`/api/sessions/${sessionId}/participants/${farId}`, { role: "participant" });

    const voter = guests[GUESTS - 3];
    if (!voter) throw new Error("no guests");
    const vote = await voter.client.post("/api/votes", { storyId, points: 5 });
    expect(vote.status).toBe(200);
    const pushed = await leaderWs.next("vote_update", (m) => m.voterKey === `p:${voter.join.participant.id}`);
    expect(pushed).toMatchObject({ storyId, votedCount: 1 });
  }, 30_000);

  it("sends the whole window again after a removal in it (the next person moves in)", async () => {
    const inside = guests[4];
    if (!inside) throw new Error("no guests");
    const people = (await leader.client.get<ParticipantView[]>(`/api/sessions/${sessionId}/participants`)).body;
    const movesIn = people[SNAPSHOT_PARTICIPANT_WINDOW];
    const res = await leader.client.delete(`/api/sessions/${sessionId}/participants/${inside.join.participant.id}`);
    expect(res.status).toBe(200);
    const update = await leaderWs.next("participants_update", (m) => m.participants.some((p) => p.id === movesIn?.id));
    expect(update.participants).toHaveLength(SNAPSHOT_PARTICIPANT_WINDOW);
    expect(update.participantCounts?.total).toBe(people.length - 1);
  }, 30_000);

  it("pages through everyone in join order", async () => {
    const all = (await leader.client.get<ParticipantView[]>(`/api/sessions/${sessionId}/participants`)).body;
    const paged: ParticipantView[] = [];
    for (let offset = 0; ; offset += 20) {
      const page = await leader.client.get<ParticipantView[]>(
        `/api/sessions/${sessionId}/participants?offset=${offset}&limit=20`,
      );
      expect(page.status).toBe(200);
      paged.push(...page.body);
      if (page.body.length < 20) break;
    }
    expect(paged.map((p) => p.id)).toEqual(all.map((p) => p.id));
    // A guest reads pages too (sessionPolicy.view).
    const guest = guests[0];
    const guestPage = await guest?.client.get<ParticipantView[]>(
      `/api/sessions/${sessionId}/participants?offset=40&limit=5`,
    );
    expect(guestPage?.body.map((p) => p.id)).toEqual(all.slice(40, 45).map((p) => p.id));
    for (const bad of ["limit=0", "limit=201", "offset=-1&limit=5", "limit=ten"]) {
      const res = await leader.client.get(`/api/sessions/${sessionId}/participants?${bad}`);
      expect(res.status).toBe(400);
    }
  }, 30_000);
});

describe("a room within the snapshot's window", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("gets everyone in the snapshot and every joiner in full, as before", async () => {
    const { leader, session } = await buildSession(server.url);
    const gus = await joinGuest(server.url, session.id, "Gus");
    const ws = await connect(server.url, leader.client, session.id);
    try {
      const snapshot = ws.messages.find((m): m is Snapshot => m.type === "session_snapshot");
      expect(snapshot?.participants.map((p) => p.displayName).sort()).toEqual(["Gus", "Lena Leader"]);
      expect(snapshot?.participantCounts).toEqual({ total: 2, present: 2 });
      const ada = await joinGuest(server.url, session.id, "Ada");
      const adaWs = await connect(server.url, ada.client, session.id, ada.join.participant.id);
      try {
        const update = await ws.next("participants_update", (m) =>
          m.participants.some((p) => p.id === ada.join.participant.id),
        );
        expect(update.online).toEqual([`p:${ada.join.participant.id}`]);
        expect(update.participantCounts).toEqual({ total: 3, present: 3 });
        expect(gus.join.participant.displayName).toBe("Gus");
      } finally {
        await adaWs.close();
      }
    } finally {
      await ws.close();
    }
  }, 20_000);
});
