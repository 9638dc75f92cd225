import type { VoteView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import { buildSession, buildStory, joinGuest } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket, type TestSocket } from "../../testing/wsClient";

/**
 * Issue #23 section 7: a per-voter vote budget across that voter's sockets, REST calls and
 * Teams cards. Attacker: a guest voting as fast as the per-socket limits allow on four sockets
 * (48 frames within the frame burst); victim: another participant of the session, whose votes
 * must still be answered. The budget is 10 votes at once and one more every 10 s, so nothing
 * here depends on how fast the machine is: the assertions count answers, not milliseconds.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { VOTE_RATE_PER_SECOND: "0.1", VOTE_BURST: "10" } });
});
afterAll(() => server.close());

const FRAMES_PER_SOCKET = 12;
const SOCKETS = 4;

/** Sends a ping with `id` and resolves once its pong is in: the socket's earlier frames are answered (one queue per socket). */
async function settled(ws: TestSocket, id: number): Promise<void> {
  ws.send({ type: "ping", id });
  await ws.next("pong", (m) => m.id === id, 15_000);
}

const voteAcks = (ws: TestSocket) => ws.messages.filter((m) => m.type === "ack" && m.for === "vote_update").length;
const limited = (ws: TestSocket) =>
  ws.messages.filter(
    (m): m is Extract<ServerMessage, { type: "error" }> => m.type === "error" && m.code === "RATE_LIMITED",
  );

it("throttles a noisy voter across sockets and REST with RATE_LIMITED while another voter is still answered", async () => {
  const { leader, session } = await buildSession(server.url);
  const story = await buildStory(leader, session.id);
  const open = async (client: Parameters<typeof openSocket>[1]) => {
    const ws = await openSocket(server.url, client);
    ws.send({ type: "join_session", sessionId: session.id });
    await ws.next("session_snapshot");
    return ws;
  };
  const noisy = await joinGuest(server.url, session.id, "Noisy Nick");
  const quiet = await joinGuest(server.url, session.id, "Quiet Quinn");
  const noisySockets = await Promise.all(Array.from({ length: SOCKETS }, () => open(noisy.client)));
  const quietSocket = await open(quiet.client);

  // The noise, all at once on every socket; the quiet voter votes in the middle of it.
  for (let i = 0; i < FRAMES_PER_SOCKET; i++) {
    for (const ws of noisySockets) ws.send({ type: "vote_update", storyId: story.id, points: 5 });
    if (i === FRAMES_PER_SOCKET / 2) quietSocket.send({ type: "vote_update", storyId: story.id, points: 3 });
  }
  await Promise.all([...noisySockets, quietSocket].map((ws, i) => settled(ws, i)));

  // The noisy voter's burst (10, and at most one token more) was cast; every other frame was
  // answered with an error frame RATE_LIMITED, none dropped silently.
  const acks = noisySockets.reduce((n, ws) => n + voteAcks(ws), 0);
  const refused = noisySockets.reduce((n, ws) => n + limited(ws).length, 0);
  expect(acks + refused).toBe(SOCKETS * FRAMES_PER_SOCKET);
  expect(acks).toBeGreaterThanOrEqual(10);
  expect(acks).toBeLessThanOrEqual(11);
  expect(limited(noisySockets[0] as TestSocket)[0]?.message).toMatch(/Too many votes/);
  // The quiet voter's vote was acknowledged, not refused.
  expect(voteAcks(quietSocket)).toBe(1);
  expect(limited(quietSocket)).toEqual([]);

  // REST shares the budget: 429 RATE_LIMITED with Retry-After, and the vote is not cast.
  const rest = await noisy.client.post<{ code: string }>("/api/votes", { storyId: story.id, points: 21 });
  expect(rest.status).toBe(429);
  expect(rest.body.code).toBe("RATE_LIMITED");
  expect(Number(rest.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  const own = await noisy.client.get<VoteView[]>(`/api/sessions/${session.id}/votes`);
  const noisyKey = `p:${noisy.join.participant.id}`;
  expect(own.body.find((v) => v.voterKey === noisyKey)?.points).toBe(5);

  // Others keep voting, over REST and the socket.
  expect((await quiet.client.post("/api/votes", { storyId: story.id, points: 8 })).status).toBe(200);
  expect((await leader.client.post("/api/votes", { storyId: story.id, points: 13 })).status).toBe(200);
  quietSocket.send({ type: "vote_update", storyId: story.id, points: 2 });
  await quietSocket.next("ack", (m) => m.for === "vote_update" && m.vote?.points === 2);

  // A socket that keeps sending after RATE_LIMITED is not closed for it: votes are refused, the
  // connection stays.
  expect(noisySockets.every((ws) => ws.isOpen())).toBe(true);
  for (const ws of [...noisySockets, quietSocket]) await ws.close();
});
