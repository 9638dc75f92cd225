import { buildUser } from "../testing/factories";
import { buildRoom, connect } from "../testing/room";
import { startTestServer, type TestServer } from "../testing/testServer";
import { openSocket } from "../testing/wsClient";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * Issue #8 section 5: people in a session that is archived or deleted are told at once by a
 * push (`session_updated` with `archivedAt`, `session_deleted`), so the tab can say so instead
 * of failing on their next click.
 */
describe("archive and delete while people are in the session", () => {
  /** A room (buildRoom) with the member and the guest connected. */
  async function room() {
    const built = await buildRoom(server.url);
    const { session, member, guest } = built;
    const memberWs = await connect(server.url, member.client, session.id);
    const guestWs = await connect(server.url, guest.client, session.id, guest.join.participant.id);
    return { ...built, memberWs, guestWs };
  }

  it("archive: every socket gets session_updated with archivedAt; a rejoin's snapshot says archived too", async () => {
    const { session, leader, member, memberWs, guestWs } = await room();
    const res = await leader.client.patch(`/api/sessions/${session.id}/archive`);
    expect(res.status).toBe(200);
    for (const ws of [memberWs, guestWs]) {
      const push = await ws.next("session_updated");
      expect(push.session.id).toBe(session.id);
      expect(push.session.archivedAt).not.toBeNull();
      expect(push.session.isActive).toBe(false);
    }
    const again = await openSocket(server.url, member.client);
    again.send({ type: "join_session", sessionId: session.id });
    expect((await again.next("session_snapshot")).session.archivedAt).not.toBeNull();
    // A member may not archive: 403, and nothing is pushed.
    const denied = await member.client.patch(`/api/sessions/${session.id}/unarchive`);
    expect(denied.status).toBe(403);
    await Promise.all([memberWs.close(), guestWs.close(), again.close()]);
  });

  it("delete: every socket gets session_deleted; a rejoin gets NOT_FOUND", async () => {
    const { session, leader, member, memberWs, guestWs } = await room();
    const attacker = await buildUser(server.url);
    expect((await attacker.client.delete(`/api/sessions/${session.id}`)).status).toBe(403);
    expect((await leader.client.delete(`/api/sessions/${session.id}`)).status).toBe(200);
    for (const ws of [memberWs, guestWs]) {
      expect(await ws.next("session_deleted")).toEqual({ type: "session_deleted", sessionId: session.id });
    }
    expect(memberWs.messages.filter((m) => m.type === "session_deleted")).toHaveLength(1);
    const again = await openSocket(server.url, member.client);
    again.send({ type: "join_session", sessionId: session.id });
    expect(await again.next("error")).toMatchObject({ code: "NOT_FOUND" });
    await Promise.all([memberWs.close(), guestWs.close(), again.close()]);
  });
});
