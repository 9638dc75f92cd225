import type { ParticipantView } from "@pointwise/core/presented";
import { buildSession, buildUser, joinGuest, joinMember } from "../../testing/factories";
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
      const push = await guestWs.next("participants_update", (m) => m.participants.length > 0);
      expect(push.participants[0]?.displayName).toBe("Mia Member");
      expect(JSON.stringify(push)).not.toContain(member.email);
      const leaderPush = await leaderWs.next("participants_update", (m) => m.participants.length > 0);
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
