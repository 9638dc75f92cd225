import type { ServerMessage } from "@pointwise/core/realtime";
import { joinGuest } from "../testing/factories";
import { buildRoom, connect } from "../testing/room";
import { startTestServer, type TestServer } from "../testing/testServer";
import { openSocket, type TestSocket } from "../testing/wsClient";

/**
 * Issue #7, "WebSocket flood": one socket flooding `/ws` must not slow anyone else down.
 * Before the per-socket limits, 5 s of 10,000 frames/s delayed a normal vote's ack by 30 s on
 * PGlite. Figures before and after: `npm run bench:dos`.
 */

/**
 * Bound on the other participant's ack, during the flood and after it. The figure
 * (200 ms) is printed by `npm run bench:dos`; this behavioural test allows 1 s so that a loaded
 * 2-core machine does not fail it, still far below the 6.8-9 s acks before the fix (issue #7).
 */
const ACK_WITHIN_MS = 1000;
const FLOOD_MS = 3000;

/** A room (buildRoom) and a way to add guests, each with their own socket joined. */
async function room(server: TestServer) {
  const built = await buildRoom(server.url);
  const join = async (name: string) => {
    const guest = await joinGuest(server.url, built.session.id, name);
    return { guest, ws: await connect(server.url, guest.client, built.session.id) };
  };
  return { ...built, join };
}

/** Casts one vote and resolves with the time to its ack, in ms. */
async function timedVote(ws: TestSocket, storyId: string, points: number): Promise<number> {
  const t0 = performance.now();
  ws.send({ type: "vote_update", storyId, points });
  await ws.next("ack", (m) => m.for === "vote_update", 10_000);
  return performance.now() - t0;
}

describe("WebSocket flood limits (issue #7)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("one socket flooding for 3 s: another participant's votes are acked within 200 ms throughout and after", async () => {
    const { story, join } = await room(server);
    const voter = await join("Victim");
    const attacker = await join("Attacker");
    // Warm the vote path first: the flood is measured, not the first vote of a fresh process.
    await timedVote(voter.ws, story.id, 3);
    await timedVote(attacker.ws, story.id, 3);

    // The attacker sends as fast as this process can, in batches, yielding to I/O between them.
    const frame = JSON.stringify({ type: "vote_update", storyId: story.id, points: 8 });
    let sent = 0;
    const flooding = (async () => {
      const end = performance.now() + FLOOD_MS;
      while (performance.now() < end) {
        for (let i = 0; i < 200 && attacker.ws.isOpen(); i++, sent++) attacker.ws.sendRaw(frame);
        await new Promise((r) => setImmediate(r));
      }
    })();

    const during: number[] = [];
    const floodEnd = performance.now() + FLOOD_MS;
    for (let points = 1; performance.now() < floodEnd; points = points === 1 ? 2 : 1) {
      during.push(await timedVote(voter.ws, story.id, points));
      await new Promise((r) => setTimeout(r, 100));
    }
    await flooding;
    const after: number[] = [];
    for (let i = 0; i < 5; i++) after.push(await timedVote(voter.ws, story.id, i % 2 ? 3 : 5));

    console.info(
      `wsFlood: attacker sent ${sent} frames; voter ack max ${Math.max(...during).toFixed(1)} ms during (${during.length} votes), ${Math.max(...after).toFixed(1)} ms after`,
    );
    expect(during.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...during)).toBeLessThan(ACK_WITHIN_MS);
    expect(Math.max(...after)).toBeLessThan(ACK_WITHIN_MS);

    // The attacker: one RATE_LIMITED error frame, then closed for a policy violation.
    expect(await attacker.ws.closed).toMatchObject({ code: 1008 });
    const errors = attacker.ws.messages.filter(
      (m): m is Extract<ServerMessage, { type: "error" }> => m.type === "error",
    );
    expect(errors.map((e) => e.code)).toEqual(["RATE_LIMITED"]);

    // The server is healthy and takes new sockets.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const newcomer = await join("Newcomer");
    expect(await timedVote(newcomer.ws, story.id, 5)).toBeLessThan(ACK_WITHIN_MS);
    await Promise.all([voter.ws.close(), newcomer.ws.close()]);
  });

  it("a burst within the limit is handled in full, with no error", async () => {
    const { story, join } = await room(server);
    const voter = await join("Burst");
    for (let i = 0; i < 40; i++) voter.ws.send({ type: "vote_update", storyId: story.id, points: i % 2 ? 3 : 5 });
    for (let i = 0; i < 40; i++) await voter.ws.next("ack", (m) => m.for === "vote_update");
    expect(voter.ws.messages.some((m) => m.type === "error")).toBe(false);
    await voter.ws.close();
  });

  it("closes a frame over 64 KiB with 1009, as before", async () => {
    const ws = await openSocket(server.url);
    ws.sendRaw(JSON.stringify({ type: "ping", pad: "x".repeat(65 * 1024) }));
    expect(await ws.closed).toMatchObject({ code: 1009 });
  });
});

describe("WebSocket connection caps (issue #7; WS_MAX_SOCKETS_PER_IP, WS_MAX_SOCKETS_PER_VOTER)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { WS_MAX_SOCKETS_PER_IP: "4", WS_MAX_SOCKETS_PER_VOTER: "2" } });
  });
  afterAll(() => server.close());

  it("refuses a participant's third socket with RATE_LIMITED and 1008; the first two keep working", async () => {
    const { session, story } = await room(server);
    const guest = await joinGuest(server.url, session.id, "Many Tabs");
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 2; i++) {
      const ws = await openSocket(server.url, guest.client);
      ws.send({ type: "join_session", sessionId: session.id });
      await ws.next("session_snapshot");
      sockets.push(ws);
    }
    const third = await openSocket(server.url, guest.client);
    third.send({ type: "join_session", sessionId: session.id });
    expect(await third.next("error")).toMatchObject({ code: "RATE_LIMITED" });
    expect(await third.closed).toMatchObject({ code: 1008 });
    for (const ws of sockets) expect(await timedVote(ws, story.id, 3)).toBeLessThan(5000);

    // A closed socket frees its slot.
    await sockets[0]?.close();
    await new Promise((r) => setTimeout(r, 50));
    const again = await openSocket(server.url, guest.client);
    again.send({ type: "join_session", sessionId: session.id });
    await again.next("session_snapshot");
    await Promise.all([again.close(), sockets[1]?.close()]);
  });

  it("closes an address's fifth socket with 1008 and takes a new one once a slot is free", async () => {
    const open = await Promise.all(Array.from({ length: 4 }, () => openSocket(server.url)));
    for (const ws of open) {
      ws.send({ type: "ping" });
      await ws.next("pong");
    }
    const fifth = await openSocket(server.url);
    expect(await fifth.closed).toMatchObject({ code: 1008 });
    await open[0]?.close();
    await new Promise((r) => setTimeout(r, 50));
    const replacement = await openSocket(server.url);
    replacement.send({ type: "ping" });
    await replacement.next("pong");
    await Promise.all([replacement, ...open.slice(1)].map((ws) => ws.close()));
  });
});
