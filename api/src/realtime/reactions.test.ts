import type { ServerMessage } from "@pointwise/core/realtime";
import { sql } from "drizzle-orm";
import { realtimeEvents } from "../db/schema";
import { buildSession, buildUser, joinGuest, joinMember } from "../testing/factories";
import { startTestServer, type TestServer } from "../testing/testServer";
import { openSocket, type TestSocket } from "../testing/wsClient";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A session with its leader, a member and a guest, all joined over /ws. */
async function roomOfThree() {
  const { session, leader } = await buildSession(server.url);
  const member = await buildUser(server.url, { firstName: "Mo", lastName: "Member" });
  await joinMember(member, session.id);
  const guest = await joinGuest(server.url, session.id, "Gus");
  const join = async (socket: TestSocket, frame: Record<string, unknown>) => {
    socket.send({ type: "join_session", sessionId: session.id, ...frame });
    await socket.next("session_snapshot");
    return socket;
  };
  const leaderWs = await join(await openSocket(server.url, leader.client), {});
  const memberWs = await join(await openSocket(server.url, member.client), {});
  const guestWs = await join(await openSocket(server.url, guest.client), {
    participantId: guest.join.participant.id,
  });
  return { session, leader, member, guest, leaderWs, memberWs, guestWs };
}

const reactionsIn = (socket: TestSocket) =>
  socket.messages.filter((m): m is Extract<ServerMessage, { type: "reaction" }> => m.type === "reaction");

describe("reaction frames (issue #8 section 6)", () => {
  it("reach every socket of the session with the sender's voterKey and name, and nothing is stored", async () => {
    const { session, guest, leaderWs, memberWs, guestWs } = await roomOfThree();
    const countEvents = async () =>
      (await server.ctx.db.select({ n: sql<number>`count(*)::int` }).from(realtimeEvents))[0]?.n ?? 0;
    const before = await countEvents();
    guestWs.send({ type: "reaction", emoji: "🎉" });
    const expected = {
      type: "reaction",
      sessionId: session.id,
      emoji: "🎉",
      voterKey: `p:${guest.join.participant.id}`,
      name: "Gus",
    };
    for (const ws of [leaderWs, memberWs, guestWs]) expect(await ws.next("reaction")).toEqual(expected);
    memberWs.send({ type: "reaction", emoji: "☕" });
    expect(await leaderWs.next("reaction")).toMatchObject({ emoji: "☕", name: "Mo Member" });
    expect(await countEvents()).toBe(before);
    await Promise.all([leaderWs.close(), memberWs.close(), guestWs.close()]);
  });

  it("refuses an emoji outside 👍 🎉 🤔 ☕ with VALIDATION_ERROR, and does not pass it on", async () => {
    const { leaderWs, memberWs, guestWs } = await roomOfThree();
    for (const emoji of ["💩", "", 42, "👍👍"]) {
      memberWs.send({ type: "reaction", emoji });
      expect(await memberWs.next("error")).toMatchObject({ code: "VALIDATION_ERROR" });
    }
    memberWs.send({ type: "reaction" });
    expect(await memberWs.next("error")).toMatchObject({ code: "VALIDATION_ERROR" });
    // A valid one afterwards is the first and only one the others see.
    memberWs.send({ type: "reaction", emoji: "🤔" });
    await leaderWs.next("reaction");
    expect(reactionsIn(leaderWs).map((r) => r.emoji)).toEqual(["🤔"]);
    await Promise.all([leaderWs.close(), memberWs.close(), guestWs.close()]);
  });

  it("needs a joined session: 401 UNAUTHORIZED before join_session", async () => {
    const { session } = await buildSession(server.url);
    const stranger = await buildUser(server.url);
    const ws = await openSocket(server.url, stranger.client);
    ws.send({ type: "reaction", emoji: "👍" });
    expect(await ws.next("error")).toMatchObject({ code: "UNAUTHORIZED" });
    // An attacker cannot join the victim's session, so cannot react into it either.
    ws.send({ type: "join_session", sessionId: session.id });
    expect(await ws.next("error")).toMatchObject({ code: "PERMISSION_DENIED" });
    ws.send({ type: "reaction", emoji: "👍" });
    expect(await ws.next("error")).toMatchObject({ code: "UNAUTHORIZED" });
    await ws.close();
  });

  it("is rate-limited per socket: a burst of 3, then one per second; excess dropped with one RATE_LIMITED", async () => {
    const { leaderWs, memberWs, guestWs } = await roomOfThree();
    for (let i = 0; i < 10; i++) memberWs.send({ type: "reaction", emoji: "👍" });
    expect(await memberWs.next("error")).toMatchObject({ code: "RATE_LIMITED" });
    await new Promise((r) => setTimeout(r, 300));
    expect(reactionsIn(leaderWs)).toHaveLength(3);
    expect(memberWs.messages.filter((m) => m.type === "error")).toHaveLength(1);
    expect(memberWs.isOpen()).toBe(true);
    // Another socket has its own bucket.
    guestWs.send({ type: "reaction", emoji: "🎉" });
    await leaderWs.next("reaction", (r) => r.emoji === "🎉");
    // One more token after a second.
    await new Promise((r) => setTimeout(r, 1100));
    memberWs.send({ type: "reaction", emoji: "🤔" });
    await leaderWs.next("reaction", (r) => r.emoji === "🤔");
    await Promise.all([leaderWs.close(), memberWs.close(), guestWs.close()]);
  });
});
