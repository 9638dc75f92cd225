import { randomUUID } from "node:crypto";
import type { ParticipantView, SessionView, VoteView } from "@pointwise/core/presented";
import { CLOSE_REMOVED, type ServerMessage } from "@pointwise/core/realtime";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildUser, type TestUser } from "../../testing/factories";
import { buildRoom } from "../../testing/room";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket } from "../../testing/wsClient";

/**
 * Issue #8 section 1 through the real server: PATCH (voter/observer) and DELETE (removal) of
 * /api/sessions/{id}/participants/{participantId}, the counts they push, and what a removed
 * person can still do (nothing).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Snapshot = Extract<ServerMessage, { type: "session_snapshot" }>;

/** A session with a story, its leader, a member and a guest, each a participant. */
const room = () => buildRoom(server.url);

const participantPath = (sessionId: string, participantId: string) =>
  `/api/sessions/${sessionId}/participants/${participantId}`;

describe("PATCH /api/sessions/{id}/participants/{participantId} (voter or observer)", () => {
  it("answers 401 without an identity, 403 to another session's leader and to a member for someone else", async () => {
    const { session, member, ids } = await room();
    const path = participantPath(session.id, ids.guest);
    expect((await new ApiClient(server.url).patch(path, { role: "observer" })).status).toBe(401);
    const attacker = await buildSession(server.url);
    const foreign = await attacker.leader.client.patch<{ code: string }>(path, { role: "observer" });
    expect(foreign.status).toBe(403);
    const notLeader = await member.client.patch<{ code: string }>(path, { role: "observer" });
    expect(notLeader.status).toBe(403);
    expect(notLeader.body.code).toBe("PERMISSION_DENIED");
  });

  it("answers 400 for any other role and 404 for an unknown participant", async () => {
    const { session, leader, ids } = await room();
    for (const body of [{ role: "creator" }, { role: "moderator" }, { role: "admin" }, {}]) {
      const res = await leader.client.patch<{ code: string }>(participantPath(session.id, ids.guest), body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
    const other = await room();
    for (const id of [randomUUID(), "not-a-uuid", other.ids.guest]) {
      const res = await leader.client.patch<{ code: string }>(participantPath(session.id, id), { role: "observer" });
      expect(res.status).toBe(404);
    }
  });

  it("lets a guest switch themself to observer: their unrevealed vote is dropped and everyone's count drops", async () => {
    const { session, story, leader, guest, ids } = await room();
    const leaderWs = await openSocket(server.url, leader.client);
    try {
      leaderWs.send({ type: "join_session", sessionId: session.id });
      const snapshot = (await leaderWs.next("session_snapshot")) as Snapshot;
      // Leader, member and guest joined a moment ago: all three are present voters.
      expect(snapshot).toMatchObject({ currentStoryId: story.id, votedCount: 0, expectedVoters: 3 });
      await guest.client.post("/api/votes", { storyId: story.id, points: 5 });
      expect(await leaderWs.next("vote_update")).toMatchObject({ votedCount: 1, expectedVoters: 3 });

      const res = await guest.client.patch<ParticipantView>(participantPath(session.id, ids.guest), {
        role: "observer",
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: ids.guest, role: "observer", present: true });
      expect(await leaderWs.next("vote_update")).toMatchObject({
        storyId: story.id,
        voterKey: `p:${ids.guest}`,
        vote: null,
        votedCount: 0,
        expectedVoters: 2,
      });
      const update = await leaderWs.next("participants_update", (m) => m.participants.length > 0);
      expect(update.participants).toEqual([expect.objectContaining({ id: ids.guest, role: "observer" })]);
      expect(update).toMatchObject({ currentStoryId: story.id, votedCount: 0, expectedVoters: 2 });
      const votes = await leader.client.get<VoteView[]>(`/api/sessions/${session.id}/votes`);
      expect(votes.body).toEqual([]);
      // Observers never vote.
      expect((await guest.client.post("/api/votes", { storyId: story.id, points: 3 })).status).toBe(403);
      const state = await leader.client.get<SessionView>(`/api/sessions/${session.id}`);
      expect(state.body).toMatchObject({ currentStoryId: story.id, votedCount: 0, expectedVoters: 2 });
    } finally {
      await leaderWs.close();
    }
  });

  it("lets the leader switch anyone, and the creator is the creator again as a voter", async () => {
    const { session, leader, ids } = await room();
    const toObserver = await leader.client.patch<ParticipantView>(participantPath(session.id, ids.member), {
      role: "observer",
    });
    expect(toObserver.status).toBe(200);
    expect(toObserver.body.role).toBe("observer");
    const back = await leader.client.patch<ParticipantView>(participantPath(session.id, ids.member), {
      role: "participant",
    });
    expect(back.body.role).toBe("participant");
    const self = await leader.client.patch<ParticipantView>(participantPath(session.id, ids.leader), {
      role: "observer",
    });
    expect(self.body.role).toBe("observer");
    const again = await leader.client.patch<ParticipantView>(participantPath(session.id, ids.leader), {
      role: "participant",
    });
    expect(again.body.role).toBe("creator");
  });

  it("joins as an observer from the join page, as a guest or a registered user", async () => {
    const { leader, session } = await buildSession(server.url);
    const guest = await new ApiClient(server.url).post<{ participant: { id: string } }>(
      `/api/sessions/${session.id}/join-anonymous`,
      { displayName: "Olga", role: "observer" },
    );
    expect(guest.status).toBe(201);
    const user = await buildUser(server.url);
    const joined = await user.client.post<ParticipantView>(`/api/sessions/${session.id}/join`, { role: "observer" });
    expect(joined.status).toBe(201);
    expect(joined.body.role).toBe("observer");
    const people = (await leader.client.get<ParticipantView[]>(`/api/sessions/${session.id}/participants`)).body;
    expect(people.find((p) => p.id === guest.body.participant.id)?.role).toBe("observer");
    const bad = await new ApiClient(server.url).post(`/api/sessions/${session.id}/join-anonymous`, {
      displayName: "Eve",
      role: "creator",
    });
    expect(bad.status).toBe(400);
  });
});

describe("DELETE /api/sessions/{id}/participants/{participantId} (removal)", () => {
  it("answers 401, 403 to members and other sessions' leaders, 404 unknown, 409 for the leader", async () => {
    const { session, leader, member, ids } = await room();
    const path = participantPath(session.id, ids.guest);
    expect((await new ApiClient(server.url).delete(path)).status).toBe(401);
    expect((await member.client.delete(path)).status).toBe(403);
    const attacker = await buildSession(server.url);
    expect((await attacker.leader.client.delete(path)).status).toBe(403);
    expect((await leader.client.delete(participantPath(session.id, randomUUID()))).status).toBe(404);
    const self = await leader.client.delete<{ code: string }>(participantPath(session.id, ids.leader));
    expect(self.status).toBe(409);
    expect(self.body.code).toBe("CANNOT_REMOVE_LEADER");
    // Nothing was removed along the way.
    const people = (await leader.client.get<ParticipantView[]>(`/api/sessions/${session.id}/participants`)).body;
    expect(people).toHaveLength(3);
  });

  it("removes a guest: their sockets get participant_removed and close, their vote goes, REST and rejoin are refused", async () => {
    const { session, story, leader, guest, ids } = await room();
    const leaderWs = await openSocket(server.url, leader.client);
    const guestWs = await openSocket(server.url, guest.client);
    try {
      leaderWs.send({ type: "join_session", sessionId: session.id });
      guestWs.send({ type: "join_session", sessionId: session.id });
      await leaderWs.next("session_snapshot");
      await guestWs.next("session_snapshot");
      await guest.client.post("/api/votes", { storyId: story.id, points: 8 });
      await leaderWs.next("vote_update");

      const res = await leader.client.delete(participantPath(session.id, ids.guest));
      expect(res.status).toBe(200);
      const removed = { type: "participant_removed", sessionId: session.id, participantId: ids.guest };
      expect(await guestWs.next("participant_removed")).toMatchObject({ ...removed, voterKey: `p:${ids.guest}` });
      expect(await guestWs.closed).toMatchObject({ code: CLOSE_REMOVED });
      expect(await leaderWs.next("participant_removed")).toMatchObject(removed);
      expect(await leaderWs.next("vote_update")).toMatchObject({ vote: null, votedCount: 0, expectedVoters: 2 });
      expect(await leaderWs.next("participants_update")).toMatchObject({ votedCount: 0, expectedVoters: 2 });

      const next = await guest.client.get<{ code: string }>(`/api/sessions/${session.id}`);
      expect(next.status).toBe(403);
      expect(next.body.code).toBe("PARTICIPANT_REMOVED");
      expect((await guest.client.post("/api/votes", { storyId: story.id, points: 3 })).status).toBe(403);
      const rejoin = await openSocket(server.url, guest.client);
      rejoin.send({ type: "join_session", sessionId: session.id });
      expect(await rejoin.next("error")).toMatchObject({ code: "PARTICIPANT_REMOVED" });
      await rejoin.close();

      const people = (await leader.client.get<ParticipantView[]>(`/api/sessions/${session.id}/participants`)).body;
      expect(people.map((p) => p.id)).not.toContain(ids.guest);
      expect((await leader.client.get<VoteView[]>(`/api/sessions/${session.id}/votes`)).body).toEqual([]);
      expect((await leader.client.get<SessionView>(`/api/sessions/${session.id}`)).body.stats.participantCount).toBe(2);
    } finally {
      await leaderWs.close();
      await guestWs.close();
    }
  });

  it("removes a registered user for good: no access, no rejoin with the link, gone from their list", async () => {
    const { session, leader, member, ids } = await room();
    expect((await leader.client.delete(participantPath(session.id, ids.member))).status).toBe(200);
    const check = async (user: TestUser) => {
      const res = await user.client.get<{ code: string }>(`/api/sessions/${session.id}`);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("PARTICIPANT_REMOVED");
    };
    await check(member);
    const rejoin = await member.client.post<{ code: string }>(`/api/sessions/${session.id}/join`);
    expect(rejoin.status).toBe(403);
    expect(rejoin.body.code).toBe("PARTICIPANT_REMOVED");
    const list = await member.client.get<SessionView[]>("/api/sessions");
    expect(list.body.map((s) => s.id)).not.toContain(session.id);
    // Removing twice: the participant is gone.
    expect((await leader.client.delete(participantPath(session.id, ids.member))).status).toBe(404);
  });
});
