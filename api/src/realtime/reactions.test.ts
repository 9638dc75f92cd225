import type { ServerMessage } from "@pointwise/core/realtime";
import { sql } from "drizzle-orm";
import { realtimeEvents } from "../db/schema";
import { buildSession, buildUser } from "../testing/factories";
import { buildRoom, connect, roundTrip } from "../testing/room";
import { startTestServer, type TestServer } from "../testing/testServer";
import { openSocket, type TestSocket } from "../testing/wsClient";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A room (buildRoom: leader, member Mo, guest Gus), all three joined over /ws. */
async function roomOfThree() {
  const room = await buildRoom(server.url, { memberName: "Mo" });
  const { session, leader, member, guest } = room;
  const leaderWs = await connect(server.url, leader.client, session.id);
  const memberWs = await connect(server.url, member.client, session.id);
  const guestWs = await connect(server.url, guest.client, session.id, guest.join.participant.id);
  return { ...room, leaderWs, memberWs, guestWs };
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
    // The limiter reads performance.now: the test holds that clock still, then moves it a second
    // on, instead of waiting (issue #24 section 4); a slow machine cannot refill the bucket early.
    let now = performance.now();
    const clock = jest.spyOn(performance, "now").mockImplementation(() => now);
    try {
      for (let i = 0; i < 10; i++) memberWs.send({ type: "reaction", emoji: "👍" });
      expect(await memberWs.next("error")).toMatchObject({ code: "RATE_LIMITED" });
      // The member's frames are handled in order: after the pong, all ten were; the reactions they
      // sent reached the leader's socket before the leader's own pong.
      await roundTrip(memberWs);
      await roundTrip(leaderWs);
      expect(reactionsIn(leaderWs)).toHaveLength(3);
      expect(memberWs.messages.filter((m) => m.type === "error")).toHaveLength(1);
      expect(memberWs.isOpen()).toBe(true);
      // Another socket has its own bucket.
      guestWs.send({ type: "reaction", emoji: "🎉" });
      await leaderWs.next("reaction", (r) => r.emoji === "🎉");
      // No token while the clock stands still; one a second later.
      memberWs.send({ type: "reaction", emoji: "🤔" });
      await roundTrip(memberWs);
      await roundTrip(leaderWs);
      expect(reactionsIn(leaderWs).map((r) => r.emoji)).toEqual(["👍", "👍", "👍", "🎉"]);
      now += 1000;
      memberWs.send({ type: "reaction", emoji: "🤔" });
      await leaderWs.next("reaction", (r) => r.emoji === "🤔");
    } finally {
      clock.mockRestore();
    }
    await Promise.all([leaderWs.close(), memberWs.close(), guestWs.close()]);
  });
});
