import type { ServerMessage } from "@pointwise/core/realtime";
import { buildUser, joinGuest, joinMember } from "../testing/factories";
import { buildRoom, connect, type Room, seenOnline, settleRoom } from "../testing/room";
import {
  startTestServer,
  startTwoInstances,
  type TestServer,
  type TwoInstances,
  testDbKind,
} from "../testing/testServer";
import { openSocket, type TestSocket } from "../testing/wsClient";

/**
 * Issue #10, "Join": a joiner gets one snapshot; each member already there gets one
 * `participants_update` per join (the REST join's push and the socket's `online` travel
 * together), or one per window for a burst; on two instances the other instance's members too.
 * No test waits for time (issue #24 section 4): each waits for the pushes it expects, then for
 * settleRoom's marker, which also carries out anything still held, so a second push of a join
 * is counted whether it was early or late.
 */

type Update = Extract<ServerMessage, { type: "participants_update" }>;

/**
 * The leader and the member connected, everyone's joins pushed (the guest's after its hold),
 * and nothing pending: returns their sockets.
 */
async function quietRoom(room: Room): Promise<TestSocket[]> {
  const { leader, member, session, guest } = room;
  const members = [
    await connect(room.url, leader.client, session.id),
    await connect(room.url, member.client, session.id),
  ];
  const keys = [`u:${leader.user.id}`, `u:${member.user.id}`];
  await Promise.all(members.map((ws) => seenOnline(ws, keys)));
  // The guest never connects: their join goes out after the hold, or with the marker.
  await settleRoom(room, members);
  for (const ws of members) {
    const people = ws.messages.flatMap((m) =>
      m.type === "participants_update" || m.type === "session_snapshot" ? m.participants : [],
    );
    expect(people.some((p) => p.id === guest.join.participant.id)).toBe(true);
  }
  return members;
}

describe("join pushes (one instance)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** A room (leader, member Mo, guest Ada who never connects) with the leader and Mo connected, and quiet. */
  async function room() {
    const built = await buildRoom(server.url, { memberName: "Mo", guestName: "Ada" });
    return { ...built, members: await quietRoom(built) };
  }

  it("a guest joining as the web app does (REST, then socket): one snapshot, one push to each member", async () => {
    const built = await room();
    const { session, story, members } = built;
    const marks = members.map((ws) => ws.messages.length);
    const gus = await joinGuest(server.url, session.id, "Gus");
    const gusWs = await openSocket(server.url, gus.client);
    try {
      gusWs.send({ type: "join_session", sessionId: session.id });
      await gusWs.next("session_snapshot");
      const key = `p:${gus.join.participant.id}`;
      await Promise.all(members.map((ws) => seenOnline(ws, [key])));
      const received = await settleRoom(built, [...members, gusWs], [...marks, gusWs.messages.length]);
      expect(gusWs.messages.filter((m) => m.type === "session_snapshot")).toHaveLength(1);
      for (const [i] of members.entries()) {
        const frames = received[i] ?? [];
        expect(frames.map((m) => m.type)).toEqual(["participants_update"]);
        const update = frames[0] as Update;
        expect(update.participants.map((p) => p.displayName)).toEqual(["Gus"]);
        expect(update.participants[0]).toMatchObject({ present: true, isAnonymous: true, user: null });
        expect(update.online).toEqual([key]);
        expect(update).toMatchObject({ currentStoryId: story.id, votedCount: 0, expectedVoters: 4 });
      }
    } finally {
      await Promise.all([gusWs.close(), ...members.map((ws) => ws.close())]);
    }
  }, 20_000);

  it("a signed-in user joining with the link (POST join, then socket): one push to each member", async () => {
    const built = await room();
    const { session, members } = built;
    const marks = members.map((ws) => ws.messages.length);
    const mia = await buildUser(server.url, { firstName: "Mia" });
    await joinMember(mia, session.id);
    const miaWs = await connect(server.url, mia.client, session.id);
    try {
      await Promise.all(members.map((ws) => seenOnline(ws, [`u:${mia.user.id}`])));
      const received = await settleRoom(built, members, marks);
      for (const [i] of members.entries()) {
        const frames = received[i] ?? [];
        expect(frames.map((m) => m.type)).toEqual(["participants_update"]);
        const update = frames[0] as Update;
        expect(update.participants.map((p) => p.userId)).toEqual([mia.user.id]);
        expect(update.participants[0]?.user).toEqual({
          id: mia.user.id,
          firstName: "Mia",
          profileImageUrl: null,
        });
        expect(update.online).toEqual([`u:${mia.user.id}`]);
      }
    } finally {
      await Promise.all([miaWs.close(), ...members.map((ws) => ws.close())]);
    }
  }, 20_000);

  it("a guest who never connects is still pushed once, after the hold", async () => {
    const built = await room();
    const { session, members } = built;
    const marks = members.map((ws) => ws.messages.length);
    const gus = await joinGuest(server.url, session.id, "Gus");
    try {
      // The held push itself, no marker: it must go out on its own after the hold.
      const held = (ws: TestSocket) =>
        ws.next("participants_update", (m) => m.participants.some((p) => p.id === gus.join.participant.id));
      await Promise.all(members.map(held));
      const received = await settleRoom(built, members, marks);
      for (const [i] of members.entries()) {
        const frames = received[i] ?? [];
        expect(frames.map((m) => m.type)).toEqual(["participants_update"]);
        const update = frames[0] as Update;
        expect(update.participants.map((p) => p.id)).toEqual([gus.join.participant.id]);
        expect(update.online).toEqual([]);
      }
    } finally {
      await Promise.all(members.map((ws) => ws.close()));
    }
  }, 20_000);

  it("a burst of joins costs each member at most one frame per join, and every joiner arrives", async () => {
    const built = await room();
    const { session, members } = built;
    const marks = members.map((ws) => ws.messages.length);
    const count = 8;
    const guests = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const guest = await joinGuest(server.url, session.id, `Guest ${i}`);
        return { guest, ws: await connect(server.url, guest.client, session.id) };
      }),
    );
    try {
      const keys = guests.map(({ guest }) => `p:${guest.join.participant.id}`);
      await Promise.all(members.map((ws) => seenOnline(ws, keys)));
      const received = await settleRoom(built, members, marks);
      for (const g of guests) expect(g.ws.messages.filter((m) => m.type === "session_snapshot")).toHaveLength(1);
      for (const [i] of members.entries()) {
        const frames = (received[i] ?? []) as Update[];
        expect(frames.every((m) => m.type === "participants_update")).toBe(true);
        expect(frames.length).toBeGreaterThan(0);
        expect(frames.length).toBeLessThanOrEqual(count);
        const seen = new Set(frames.flatMap((m) => m.participants.map((p) => p.id)));
        const online = new Set(frames.flatMap((m) => m.online));
        for (const { guest } of guests) {
          expect(seen.has(guest.join.participant.id)).toBe(true);
          expect(online.has(`p:${guest.join.participant.id}`)).toBe(true);
        }
        expect(frames.at(-1)).toMatchObject({ votedCount: 0, expectedVoters: 3 + count });
      }
    } finally {
      await Promise.all([...guests.map((g) => g.ws.close()), ...members.map((ws) => ws.close())]);
    }
  }, 30_000);
});

const maybe = testDbKind() === "postgres" ? describe : describe.skip;

maybe("join pushes across two instances (PostgreSQL)", () => {
  let two: TwoInstances;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    two = await startTwoInstances();
    ({ a, b } = two);
  });
  afterAll(() => two?.close());

  it("a guest joining through instance A: the member on instance B gets one push", async () => {
    const built = await buildRoom(a.url, { memberName: "Mo", guestName: "Ada" });
    const { leader, session, member } = built;
    const leaderWs = await connect(a.url, leader.client, session.id);
    const moWs = await connect(b.url, member.client, session.id);
    const members = [leaderWs, moWs];
    await Promise.all(members.map((ws) => seenOnline(ws, [`u:${leader.user.id}`, `u:${member.user.id}`])));
    await settleRoom(built, members);
    const marks = [leaderWs.messages.length, moWs.messages.length];
    const gus = await joinGuest(a.url, session.id, "Gus");
    const gusWs = await connect(a.url, gus.client, session.id);
    try {
      await Promise.all(members.map((ws) => seenOnline(ws, [`p:${gus.join.participant.id}`])));
      const received = await settleRoom(built, members, marks);
      for (const [i] of members.entries()) {
        const frames = received[i] ?? [];
        expect(frames.map((m) => m.type)).toEqual(["participants_update"]);
        const update = frames[0] as Update;
        expect(update.participants.map((p) => p.displayName)).toEqual(["Gus"]);
        expect(update.online).toEqual([`p:${gus.join.participant.id}`]);
      }
    } finally {
      await Promise.all([gusWs.close(), leaderWs.close(), moWs.close()]);
    }
  }, 30_000);
});
