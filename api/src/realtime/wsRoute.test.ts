import type { ServerMessage } from "@pointwise/core/realtime";
import { and, eq, inArray } from "drizzle-orm";
import { pointingSessions, sessionParticipants, teamMembers } from "../db/schema";
import type { ApiClient } from "../testing/apiClient";
import { buildSession, buildStory, buildUser, joinGuest, joinMember } from "../testing/factories";
import { startTestServer, type TestServer } from "../testing/testServer";
import { openSocket } from "../testing/wsClient";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Snapshot = Extract<ServerMessage, { type: "session_snapshot" }>;

describe("WebSocket /ws", () => {
  it("refuses to join a session the caller is not a member of", async () => {
    const { session } = await buildSession(server.url);
    const attacker = await buildUser(server.url);
    const ws = await openSocket(server.url, attacker.client);
    ws.send({ type: "join_session", sessionId: session.id, userId: attacker.user.id });
    expect(await ws.next("error")).toMatchObject({ code: "PERMISSION_DENIED" });
    const anonymous = await openSocket(server.url);
    anonymous.send({ type: "join_session", sessionId: session.id });
    expect(await anonymous.next("error")).toMatchObject({ code: "UNAUTHORIZED" });
    anonymous.send({ type: "vote_update", storyId: session.id, points: 3 });
    expect(await anonymous.next("error")).toMatchObject({ code: "UNAUTHORIZED" });
    await Promise.all([ws.close(), anonymous.close()]);
  });

  it("refuses a client-sent id that is not the caller's", async () => {
    const { session, leader } = await buildSession(server.url);
    const member = await buildUser(server.url);
    await joinMember(member, session.id);
    const ws = await openSocket(server.url, member.client);
    ws.send({ type: "join_session", sessionId: session.id, userId: leader.user.id });
    expect(await ws.next("error")).toMatchObject({ code: "PERMISSION_DENIED" });
    ws.send({ type: "nonsense" });
    expect(await ws.next("error")).toMatchObject({ code: "VALIDATION_ERROR" });
    await ws.close();
  });

  it("pushes votes live without points, reveals with points, and keeps secrecy in snapshots", async () => {
    const { session, leader } = await buildSession(server.url);
    const story = await buildStory(leader, session.id, { title: "Live" });
    const member = await buildUser(server.url, { firstName: "Mo" });
    await joinMember(member, session.id);
    const guest = await joinGuest(server.url, session.id, "Gus");

    const leaderWs = await openSocket(server.url, leader.client);
    leaderWs.send({ type: "join_session", sessionId: session.id, userId: leader.user.id });
    const leaderSnap = (await leaderWs.next("session_snapshot")) as Snapshot;
    expect(leaderSnap.you).toEqual({ voterKey: `u:${leader.user.id}`, isLeader: true });
    expect(leaderSnap.presence.leaderPresent).toBe(true);
    expect(leaderSnap.session.status).toBe("live");

    const guestWs = await openSocket(server.url, guest.client);
    guestWs.send({ type: "join_session", sessionId: session.id, participantId: guest.join.participant.id });
    const guestSnap = (await guestWs.next("session_snapshot")) as Snapshot;
    expect(guestSnap.stories.map((s) => s.title)).toEqual(["Live"]);
    expect(guestSnap.participants.map((p) => p.displayName)).toEqual(["Lena Leader", "Mo User", "Gus"]);
    await leaderWs.next("participants_update", (m) => m.online.includes(`p:${guest.join.participant.id}`));

    // A vote over REST reaches the others as a delta with no points.
    await member.client.post("/api/votes", { storyId: story.id, points: 8 });
    const push = await guestWs.next("vote_update");
    expect(push).toMatchObject({ storyId: story.id, voterKey: `u:${member.user.id}`, votedCount: 1 });
    expect(push.vote?.points).toBeUndefined();
    expect(push.vote?.displayName).toBe("Mo User");

    // A vote over the socket is acked with the caller's own points.
    guestWs.send({ type: "vote_update", storyId: story.id, participantId: guest.join.participant.id, points: 5 });
    const ack = await guestWs.next("ack");
    expect(ack.vote?.points).toBe(5);
    const leaderSees = await leaderWs.next("vote_update", (m) => m.voterKey === `p:${guest.join.participant.id}`);
    expect(leaderSees.vote?.points).toBeUndefined();

    // A reconnecting guest's snapshot has its own points only.
    const again = await openSocket(server.url, guest.client);
    again.send({ type: "join_session", sessionId: session.id });
    const snap = (await again.next("session_snapshot")) as Snapshot;
    expect(snap.votes.map((v) => v.points)).toEqual([undefined, 5]);
    expect(JSON.stringify([...guestWs.messages, ...again.messages])).not.toMatch(/"points":8/);

    // Off-deck votes over the socket are refused like REST ones.
    again.send({ type: "vote_update", storyId: story.id, points: 4 });
    expect(await again.next("error")).toMatchObject({ code: "VALIDATION_ERROR" });

    // Reveal carries every vote and the results to everyone.
    await leader.client.post(`/api/stories/${story.id}/reveal-votes`);
    const revealed = await guestWs.next("votes_revealed");
    expect(revealed.votes.map((v) => v.points).sort()).toEqual([5, 8]);
    expect(revealed.results).toMatchObject({ average: 6.5, label: "Good Alignment", consensus: false });

    // Only the leader changes status over the socket.
    guestWs.send({ type: "story_status_change", storyId: story.id, status: "completed" });
    expect(await guestWs.next("error")).toMatchObject({ code: "PERMISSION_DENIED" });
    leaderWs.send({ type: "story_status_change", storyId: story.id, status: "completed", finalPoints: 8 });
    const done = await guestWs.next("story_status_change", (m) => m.story.status === "completed");
    expect(done.story.finalPoints).toBe(8);
    await guestWs.next("active_story_changed");

    // The leader leaving turns the Live badge off.
    await leaderWs.close();
    const gone = await guestWs.next("participants_update", (m) => m.offline.includes(`u:${leader.user.id}`));
    expect(gone.leaderPresent).toBe(false);
    await Promise.all([guestWs.close(), again.close()]);
  });

  it("gives a snapshot whose session, counts and current story agree with the REST views", async () => {
    const { leader, session } = await buildSession(server.url);
    const first = await buildStory(leader, session.id, { title: "Done" });
    const second = await buildStory(leader, session.id, { title: "Now" });
    await buildStory(leader, session.id, { title: "Later" });
    const member = await buildUser(server.url, { firstName: "Mo" });
    await joinMember(member, session.id);
    const guest = await joinGuest(server.url, session.id, "Gil");
    // The first story completed with 5 points, the second voted on by the member and (coffee) the guest.
    await leader.client.post("/api/votes", { storyId: first.id, points: 5 });
    await leader.client.post(`/api/stories/${first.id}/reveal-votes`);
    await leader.client.patch(`/api/stories/${first.id}`, { status: "completed", finalPoints: 5 });
    await leader.client.post(`/api/sessions/${session.id}/active-story`, { storyId: second.id });
    await member.client.post("/api/votes", { storyId: second.id, points: 3 });
    await guest.client.post("/api/votes", { storyId: second.id, points: "coffee" });
    const ws = await openSocket(server.url, leader.client);
    ws.send({ type: "join_session", sessionId: session.id });
    const snap = (await ws.next("session_snapshot")) as Snapshot;
    const rest = await leader.client.get<Record<string, unknown>>(`/api/sessions/${session.id}`);
    const { currentStoryId, votedCount, expectedVoters, serverNow: _, ...view } = rest.body;
    expect({ ...snap.session, status: view.status }).toEqual(view);
    expect(snap.session.stats).toEqual({
      totalStories: 3,
      totalPoints: 5,
      participantCount: 3,
      openStories: 2,
      completedStories: 1,
      skippedStories: 0,
      storiesWithTicket: 0,
      consensusStories: 1,
      medianFinalPoints: 5,
    });
    expect({ currentStoryId: snap.currentStoryId, votedCount: snap.votedCount }).toEqual({
      currentStoryId,
      votedCount,
    });
    expect(currentStoryId).toBe(second.id);
    // The leader is connected now (Live); the REST read came after the socket joined.
    expect(snap.session.status).toBe("live");
    expect(snap.expectedVoters).toBe(expectedVoters);
    expect(snap.votes.map((v) => v.displayName).sort()).toEqual(["Gil", "Lena Leader", "Mo User"]);
    await ws.close();
  });

  it("adds a team member who opens the session to its participants", async () => {
    const owner = await buildUser(server.url);
    const team = await owner.client.post<{ id: string }>("/api/teams", { name: "Squad" });
    const { session } = await buildSession(server.url, { leader: owner, teamId: team.body.id });
    const mate = await buildUser(server.url, { firstName: "Tia" });
    await server.ctx.db.insert(teamMembers).values({ teamId: team.body.id, userId: mate.user.id });
    const ws = await openSocket(server.url, mate.client);
    ws.send({ type: "join_session", sessionId: session.id });
    const snap = (await ws.next("session_snapshot")) as Snapshot;
    expect(snap.participants.map((p) => p.displayName)).toContain("Tia User");
    await ws.close();
  });

  it("re-checks rights at every frame: a removed participant loses them, a new leader gains them", async () => {
    const { session, leader } = await buildSession(server.url);
    const story = await buildStory(leader, session.id, { title: "Mid-session" });
    const member = await buildUser(server.url, { firstName: "Rémi" });
    await joinMember(member, session.id);
    const guest = await joinGuest(server.url, session.id, "Gil");
    const joined = async (client: ApiClient) => {
      const ws = await openSocket(server.url, client);
      ws.send({ type: "join_session", sessionId: session.id });
      await ws.next("session_snapshot");
      return ws;
    };
    const [memberWs, guestWs] = await Promise.all([joined(member.client), joined(guest.client)]);
    const makeLeader = (userId: string) =>
      server.ctx.db.update(pointingSessions).set({ leaderId: userId }).where(eq(pointingSessions.id, session.id));

    // Not the leader at join: the status frame is refused.
    memberWs.send({ type: "story_status_change", storyId: story.id, status: "voting" });
    expect(await memberWs.next("error")).toMatchObject({ code: "PERMISSION_DENIED" });
    // Made leader mid-session: the very next frame may lead, without a new join.
    await makeLeader(member.user.id);
    memberWs.send({ type: "story_status_change", storyId: story.id, status: "voting" });
    expect(await memberWs.next("ack")).toMatchObject({ for: "story_status_change" });

    // Leader again, voting works; then removed from the session: the next vote is refused.
    await makeLeader(leader.user.id);
    memberWs.send({ type: "story_status_change", storyId: story.id, status: "blocked" });
    expect(await memberWs.next("error")).toMatchObject({ code: "PERMISSION_DENIED" });
    memberWs.send({ type: "vote_update", storyId: story.id, points: 3 });
    expect(await memberWs.next("ack")).toMatchObject({ for: "vote_update" });
    guestWs.send({ type: "vote_update", storyId: story.id, points: 5 });
    expect(await guestWs.next("ack")).toMatchObject({ for: "vote_update" });
    await server.ctx.db.delete(sessionParticipants).where(inArray(sessionParticipants.id, [guest.join.participant.id]));
    await server.ctx.db
      .delete(sessionParticipants)
      .where(and(eq(sessionParticipants.sessionId, session.id), eq(sessionParticipants.userId, member.user.id)));
    memberWs.send({ type: "vote_update", storyId: story.id, points: 8 });
    expect(await memberWs.next("error")).toMatchObject({ code: "PERMISSION_DENIED" });
    // A removed guest's token identifies nobody any more: 401, as over REST.
    guestWs.send({ type: "vote_update", storyId: story.id, points: 8 });
    expect(await guestWs.next("error")).toMatchObject({ code: "UNAUTHORIZED" });
    // Both left the room: later frames need a new join.
    memberWs.send({ type: "vote_update", storyId: story.id, points: 8 });
    expect(await memberWs.next("error")).toMatchObject({ code: "UNAUTHORIZED", message: "Send join_session first" });
    await Promise.all([memberWs.close(), guestWs.close()]);
  });

  it("validates every frame against core/realtime's schemas", async () => {
    const { session, leader } = await buildSession(server.url);
    const story = await buildStory(leader, session.id);
    const ws = await openSocket(server.url, leader.client);
    ws.send({ type: "join_session", sessionId: session.id });
    await ws.next("session_snapshot");
    const bad: unknown[] = [
      { type: "vote_update", storyId: story.id, points: "eight" },
      { type: "vote_update", storyId: "not-a-uuid", points: 3 },
      { type: "story_status_change", storyId: story.id, status: "finished" },
      { type: "story_status_change", storyId: story.id, status: "completed", finalPoints: 1000 },
      { type: "join_session" },
      { type: "shout" },
      { sessionId: session.id },
    ];
    for (const frame of bad) {
      ws.send(frame);
      const error = await ws.next("error");
      expect(error.code).toBe("VALIDATION_ERROR");
    }
    ws.send("a string, not a frame");
    expect(await ws.next("error")).toMatchObject({ code: "VALIDATION_ERROR" });
    // Nothing malformed reached the story.
    const votes = await leader.client.get<unknown[]>(`/api/stories/${story.id}/votes`);
    expect(votes.body).toEqual([]);
    await ws.close();
  });
});
