import type { ServerMessage } from "@pointwise/core/realtime";
import { buildSession, buildStory, buildUser, joinGuest, joinMember } from "../testing/factories";
import {
  startTestServer,
  startTwoInstances,
  type TestServer,
  type TwoInstances,
  testDbKind,
} from "../testing/testServer";
import { openSocket, type TestSocket } from "../testing/wsClient";
import { PARTICIPANT_JOIN_HOLD_MS, PARTICIPANTS_UPDATE_WINDOW_MS } from "./participantsUpdate";

/**
 * Issue #10, "Join": a joiner gets one snapshot; each member already there gets one
 * `participants_update` per join (the REST join's push and the socket's `online` travel
 * together), or one per window for a burst; on two instances the other instance's members too.
 */

/** Long enough for any held or windowed push of a join to have gone out. */
const SETTLE_MS = PARTICIPANT_JOIN_HOLD_MS + 10 * PARTICIPANTS_UPDATE_WINDOW_MS;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Update = Extract<ServerMessage, { type: "participants_update" }>;

/** The frames `ws` received since `mark` (an index into its messages). */
const since = (ws: TestSocket, mark: number): ServerMessage[] => ws.messages.slice(mark);

/** Connects a member's socket, joins, waits for the snapshot. */
async function connect(url: string, client: Parameters<typeof openSocket>[1], sessionId: string): Promise<TestSocket> {
  const ws = await openSocket(url, client);
  ws.send({ type: "join_session", sessionId });
  await ws.next("session_snapshot");
  return ws;
}

describe("join pushes (one instance)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** A session with its leader and a member Mo connected, and quiet. */
  async function room() {
    const { leader, session } = await buildSession(server.url);
    const story = await buildStory(leader, session.id);
    const mo = await buildUser(server.url, { firstName: "Mo" });
    await joinMember(mo, session.id);
    const leaderWs = await connect(server.url, leader.client, session.id);
    const moWs = await connect(server.url, mo.client, session.id);
    await sleep(SETTLE_MS);
    return { leader, session, story, members: [leaderWs, moWs] };
  }

  it("a guest joining as the web app does (REST, then socket): one snapshot, one push to each member", async () => {
    const { session, story, members } = await room();
    const marks = members.map((ws) => ws.messages.length);
    const gus = await joinGuest(server.url, session.id, "Gus");
    const gusWs = await openSocket(server.url, gus.client);
    try {
      gusWs.send({ type: "join_session", sessionId: session.id });
      await gusWs.next("session_snapshot");
      await sleep(SETTLE_MS);
      expect(gusWs.messages.filter((m) => m.type === "session_snapshot")).toHaveLength(1);
      const key = `p:${gus.join.participant.id}`;
      for (const [i, ws] of members.entries()) {
        const frames = since(ws, marks[i] ?? 0);
        expect(frames.map((m) => m.type)).toEqual(["participants_update"]);
        const update = frames[0] as Update;
        expect(update.participants.map((p) => p.displayName)).toEqual(["Gus"]);
        expect(update.participants[0]).toMatchObject({ present: true, isAnonymous: true, user: null });
        expect(update.online).toEqual([key]);
        expect(update).toMatchObject({ currentStoryId: story.id, votedCount: 0, expectedVoters: 3 });
      }
    } finally {
      await Promise.all([gusWs.close(), ...members.map((ws) => ws.close())]);
    }
  }, 20_000);

  it("a signed-in user joining with the link (POST join, then socket): one push to each member", async () => {
    const { session, members } = await room();
    const marks = members.map((ws) => ws.messages.length);
    const mia = await buildUser(server.url, { firstName: "Mia" });
    await joinMember(mia, session.id);
    const miaWs = await connect(server.url, mia.client, session.id);
    try {
      await sleep(SETTLE_MS);
      for (const [i, ws] of members.entries()) {
        const frames = since(ws, marks[i] ?? 0);
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
    const { session, members } = await room();
    const marks = members.map((ws) => ws.messages.length);
    const gus = await joinGuest(server.url, session.id, "Gus");
    try {
      await sleep(SETTLE_MS);
      for (const [i, ws] of members.entries()) {
        const frames = since(ws, marks[i] ?? 0);
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
    const { session, members } = await room();
    const marks = members.map((ws) => ws.messages.length);
    const count = 8;
    const guests = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const guest = await joinGuest(server.url, session.id, `Guest ${i}`);
        return { guest, ws: await connect(server.url, guest.client, session.id) };
      }),
    );
    try {
      await sleep(SETTLE_MS);
      for (const g of guests) expect(g.ws.messages.filter((m) => m.type === "session_snapshot")).toHaveLength(1);
      for (const [i, ws] of members.entries()) {
        const frames = since(ws, marks[i] ?? 0) as Update[];
        expect(frames.every((m) => m.type === "participants_update")).toBe(true);
        expect(frames.length).toBeGreaterThan(0);
        expect(frames.length).toBeLessThanOrEqual(count);
        const seen = new Set(frames.flatMap((m) => m.participants.map((p) => p.id)));
        const online = new Set(frames.flatMap((m) => m.online));
        for (const { guest } of guests) {
          expect(seen.has(guest.join.participant.id)).toBe(true);
          expect(online.has(`p:${guest.join.participant.id}`)).toBe(true);
        }
        expect(frames.at(-1)).toMatchObject({ votedCount: 0, expectedVoters: 2 + count });
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
    const { leader, session } = await buildSession(a.url);
    const mo = await buildUser(a.url, { firstName: "Mo" });
    await joinMember(mo, session.id);
    const leaderWs = await connect(a.url, leader.client, session.id);
    const moWs = await connect(b.url, mo.client, session.id);
    await sleep(SETTLE_MS);
    const marks = [leaderWs.messages.length, moWs.messages.length];
    const gus = await joinGuest(a.url, session.id, "Gus");
    const gusWs = await connect(a.url, gus.client, session.id);
    try {
      await sleep(SETTLE_MS);
      for (const [i, ws] of [leaderWs, moWs].entries()) {
        const frames = since(ws, marks[i] ?? 0);
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
