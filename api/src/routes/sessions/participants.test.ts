import type { ParticipantView, SessionInvitationView } from "@pointwise/core/presented";
import { buildSession, buildUser, joinGuest, joinMember, type TestUser } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket } from "../../testing/wsClient";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** E-mails a participant list carries, by participant display name. */
const emailsIn = (list: ParticipantView[]) =>
  Object.fromEntries(list.filter((p) => p.user && "email" in p.user).map((p) => [p.displayName, p.user?.email]));

describe("e-mail addresses in participant lists (issue #7)", () => {
  it("shows e-mails to the leader and each person their own; guests and members see none of others'", async () => {
    const { leader, session } = await buildSession(server.url);
    const member = await buildUser(server.url, { firstName: "Mia", lastName: "Member" });
    await joinMember(member, session.id);
    const guest = await joinGuest(server.url, session.id, "Gus");
    const path = `/api/sessions/${session.id}/participants`;

    const asGuest = (await guest.client.get<ParticipantView[]>(path)).body;
    expect(asGuest).toHaveLength(3);
    expect(emailsIn(asGuest)).toEqual({});
    expect(JSON.stringify(asGuest)).not.toMatch(/@example\.com/);

    expect(emailsIn((await member.client.get<ParticipantView[]>(path)).body)).toEqual({ "Mia Member": member.email });
    expect(emailsIn((await leader.client.get<ParticipantView[]>(path)).body)).toEqual({
      "Lena Leader": leader.email,
      "Mia Member": member.email,
    });
  });

  it("keeps e-mails out of the guest's snapshot and of pushes; the leader's snapshot has them", async () => {
    const { leader, session } = await buildSession(server.url);
    const guest = await joinGuest(server.url, session.id, "Gus");
    const guestWs = await openSocket(server.url, guest.client);
    const leaderWs = await openSocket(server.url, leader.client);
    try {
      guestWs.send({ type: "join_session", sessionId: session.id });
      leaderWs.send({ type: "join_session", sessionId: session.id });
      const guestSnapshot = await guestWs.next("session_snapshot");
      expect(JSON.stringify(guestSnapshot)).not.toContain(leader.email);
      expect(emailsIn((await leaderWs.next("session_snapshot")).participants)).toEqual({ "Lena Leader": leader.email });

      const member = await buildUser(server.url, { firstName: "Mia", lastName: "Member" });
      await joinMember(member, session.id);
      // The guest's own join may come first (its push waits for its socket, issue #10).
      const isMia = (m: { participants: ParticipantView[] }) =>
        m.participants.some((p) => p.displayName === "Mia Member");
      const push = await guestWs.next("participants_update", isMia);
      expect(JSON.stringify(push)).not.toContain(member.email);
      const leaderPush = await leaderWs.next("participants_update", isMia);
      expect(JSON.stringify(leaderPush)).not.toContain(member.email);
    } finally {
      await guestWs.close();
      await leaderWs.close();
    }
  });

  it("never names a user without a name by their e-mail", async () => {
    const { session } = await buildSession(server.url);
    const nameless = await buildUser(server.url);
    await server.ctx.db.execute(
      `update users set first_name = null, last_name = null where id = '${nameless.user.id}'`,
    );
    await joinMember(nameless, session.id);
    const guest = await joinGuest(server.url, session.id);
    const list = (await guest.client.get<ParticipantView[]>(`/api/sessions/${session.id}/participants`)).body;
    expect(list.map((p) => p.displayName)).toContain("Participant");
    expect(JSON.stringify(list)).not.toContain(nameless.email);
  });
});

describe("POST /api/sessions/{id}/participants {email}: invitations (issue #7, account enumeration)", () => {
  const invite = (inviter: TestUser, sessionId: string, email: string) =>
    inviter.client.post<Record<string, unknown>>(`/api/sessions/${sessionId}/participants`, { email });

  it("answers the same 202 for a known and an unknown address and adds nobody", async () => {
    const { leader, session } = await buildSession(server.url);
    const member = await buildUser(server.url);
    await joinMember(member, session.id);
    const victim = await buildUser(server.url, { firstName: "Vera", lastName: "Victim" });
    // Any member may invite (spec part 2 section 6); the answer tells them nothing.
    const known = await invite(member, session.id, victim.email.toUpperCase());
    const unknown = await invite(member, session.id, "nobody-here@example.com");
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.body).toEqual({ status: "invited" });
    expect(unknown.body).toEqual(known.body);
    const list = await leader.client.get<ParticipantView[]>(`/api/sessions/${session.id}/participants`);
    expect(list.body.map((p) => p.userId)).toEqual([leader.user.id, member.user.id]);
  });

  it("shows the leader the addresses as invited, never a name; nobody else sees them", async () => {
    const { leader, session } = await buildSession(server.url);
    const victim = await buildUser(server.url, { firstName: "Vera", lastName: "Victim" });
    await invite(leader, session.id, victim.email);
    await invite(leader, session.id, "ghost@example.com");
    const path = `/api/sessions/${session.id}/invitations`;
    const mine = await leader.client.get<SessionInvitationView[]>(path);
    expect(mine.status).toBe(200);
    expect(mine.body.map((i) => [i.email, i.status])).toEqual([
      [victim.email, "invited"],
      ["ghost@example.com", "invited"],
    ]);
    expect(JSON.stringify(mine.body)).not.toContain("Vera");
    const member = await buildUser(server.url);
    await joinMember(member, session.id);
    expect((await member.client.get(path)).status).toBe(403);
    expect((await (await joinGuest(server.url, session.id)).client.get(path)).status).toBe(403);

    const leaderWs = await openSocket(server.url, leader.client);
    const memberWs = await openSocket(server.url, member.client);
    try {
      leaderWs.send({ type: "join_session", sessionId: session.id });
      memberWs.send({ type: "join_session", sessionId: session.id });
      expect((await leaderWs.next("session_snapshot")).invitations?.map((i) => i.email)).toEqual([
        victim.email,
        "ghost@example.com",
      ]);
      expect((await memberWs.next("session_snapshot")).invitations).toBeUndefined();
    } finally {
      await leaderWs.close();
      await memberWs.close();
    }
  });

  it("lets the invited person see the session without the link and join it; joining accepts the invitation", async () => {
    const { leader, session } = await buildSession(server.url);
    const invited = await buildUser(server.url, { firstName: "Ivy" });
    const stranger = await buildUser(server.url);
    expect((await invited.client.get(`/api/sessions/${session.id}`)).status).toBe(403);
    await invite(leader, session.id, invited.email);
    expect((await invited.client.get(`/api/sessions/${session.id}`)).status).toBe(200);
    const listed = await invited.client.get<{ id: string }[]>("/api/sessions");
    expect(listed.body.map((s) => s.id)).toContain(session.id);
    expect((await stranger.client.get(`/api/sessions/${session.id}`)).status).toBe(403);

    // The first WebSocket join (opening the session page) makes them a participant.
    const ws = await openSocket(server.url, invited.client);
    try {
      ws.send({ type: "join_session", sessionId: session.id });
      const snapshot = await ws.next("session_snapshot");
      expect(snapshot.participants.map((p) => p.userId)).toContain(invited.user.id);
    } finally {
      await ws.close();
    }
    expect((await leader.client.get<SessionInvitationView[]>(`/api/sessions/${session.id}/invitations`)).body).toEqual(
      [],
    );
  });

  it("an unknown address that registers later finds the session and joins with POST /join", async () => {
    const { leader, session } = await buildSession(server.url);
    const email = `later-${Date.now()}@example.com`;
    await invite(leader, session.id, email);
    const newcomer = await buildUser(server.url, { email });
    expect((await newcomer.client.get<{ id: string }[]>("/api/sessions")).body.map((s) => s.id)).toContain(session.id);
    expect((await newcomer.client.post(`/api/sessions/${session.id}/join`)).status).toBe(201);
    const list = await leader.client.get<ParticipantView[]>(`/api/sessions/${session.id}/participants`);
    expect(list.body.map((p) => p.userId)).toContain(newcomer.user.id);
  });

  it("grants nothing once expired", async () => {
    const { leader, session } = await buildSession(server.url);
    const invited = await buildUser(server.url);
    await invite(leader, session.id, invited.email);
    await server.ctx.db.execute(
      `update session_invitations set expires_at = now() - interval '1 minute' where session_id = '${session.id}'`,
    );
    expect((await invited.client.get(`/api/sessions/${session.id}`)).status).toBe(403);
    expect((await leader.client.get<unknown[]>(`/api/sessions/${session.id}/invitations`)).body).toEqual([]);
  });

  it("adds by id only members of the session's team, alike 404 for anyone else", async () => {
    const leader = await buildUser(server.url);
    const team = await leader.client.post<{ id: string }>("/api/teams", { name: `Team ${Date.now()}` });
    const { session } = await buildSession(server.url, { leader, teamId: team.body.id });
    const teammate = await buildUser(server.url);
    const outsider = await buildUser(server.url);
    await server.ctx.db.execute(
      `insert into team_members (team_id, user_id) values ('${team.body.id}', '${teammate.user.id}')`,
    );
    const path = `/api/sessions/${session.id}/participants`;
    const outside = await leader.client.post<{ code: string }>(path, { userId: outsider.user.id });
    expect(outside.status).toBe(404);
    expect(outside.body.code).toBe("USER_NOT_FOUND");
    const ghost = await leader.client.post<{ code: string }>(path, { userId: "00000000-0000-4000-8000-000000000000" });
    expect(ghost.body).toEqual(outside.body);
    const added = await leader.client.post<ParticipantView>(path, { userId: teammate.user.id });
    expect(added.status).toBe(201);
    expect(added.body.userId).toBe(teammate.user.id);
  });
});

describe("POST /api/sessions {invitedMembers} (issue #7: nobody added without consent)", () => {
  it("adds members of the session's team and ignores anyone else", async () => {
    const leader = await buildUser(server.url);
    const team = await leader.client.post<{ id: string }>("/api/teams", { name: `Crew ${Date.now()}` });
    const teammate = await buildUser(server.url);
    const outsider = await buildUser(server.url);
    await server.ctx.db.execute(
      `insert into team_members (team_id, user_id) values ('${team.body.id}', '${teammate.user.id}')`,
    );
    const invitedMembers = [teammate.user.id, outsider.user.id];
    const inTeam = await leader.client.post<{ id: string }>("/api/sessions", {
      title: "Team",
      teamId: team.body.id,
      invitedMembers,
    });
    const personal = await leader.client.post<{ id: string }>("/api/sessions", { title: "Solo", invitedMembers });
    const userIdsOf = async (id: string) =>
      (await leader.client.get<ParticipantView[]>(`/api/sessions/${id}/participants`)).body.map((p) => p.userId).sort();
    // Both rows are written in one transaction: their order is not part of the contract.
    expect(await userIdsOf(inTeam.body.id)).toEqual([leader.user.id, teammate.user.id].sort());
    expect(await userIdsOf(personal.body.id)).toEqual([leader.user.id]);
  });
});
